// Mature work under a blur: until the viewer opts in (Settings) or presses 'Show', only its
// blurred placeholder is drawn and the files themselves are not loaded.
import { EyeOff } from 'lucide-react';
import type { TProject } from '@shared/schemas/project';
import { useCurrentUser } from '@/api/auth';
import { cn } from '@/lib/cn';
import { revealProject, useRevealed } from '@/lib/mature-reveal';

/** Whether this project's media are hidden under the blur for the current viewer. */
export function useMatureConcealed(project: Pick<TProject, 'id' | 'isMature' | 'user'>): boolean {
  const { user } = useCurrentUser();
  const revealed = useRevealed(project.id);
  // Until the member is known, the blur stays: a visitor's default.
  return project.isMature && !revealed && !user?.showMature && user?.id !== project.user.id;
}

interface MatureCoverProps {
  project: Pick<TProject, 'id' | 'title'>;
  /** A small thumb (list rows): the button alone, without the caption. */
  compact?: boolean;
  className?: string;
}

/** Laid over the blurred media (a sibling of any link around them, never inside one). */
export function MatureCover({ project, compact = false, className }: MatureCoverProps) {
  return (
    <div className={cn('absolute inset-0 flex flex-col items-center justify-center gap-2 bg-zinc-900/50 p-3 text-center', className)} data-mature-cover>
      {!compact && (
        <p className="flex items-center gap-1.5 rounded-md bg-zinc-900/80 px-2 py-1 text-[13px] font-medium text-white">
          <EyeOff className="h-4 w-4" aria-hidden />
          Mature content
        </p>
      )}
      <button
        type="button"
        onClick={() => revealProject(project.id)}
        aria-label={`Show mature content: ${project.title}`}
        className="inline-flex h-8 items-center rounded-lg bg-white px-3 text-[13px] font-medium text-ink shadow-sm transition-colors duration-150 ease-out hover:bg-zinc-100 focus-visible:outline-white"
      >
        Show
      </button>
    </div>
  );
}

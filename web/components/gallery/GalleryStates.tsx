// The gallery's designed states with the SPEC §8 texts: loading, error, empty and no match.
import { AlertTriangle, Images, SearchX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PROJECT_SKELETONS } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { ProjectCardSkeleton } from './ProjectCard';

export const GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

export function GalleryLoading() {
  return (
    <div role="status" aria-label="Loading projects" className={GRID}>
      {Array.from({ length: PROJECT_SKELETONS }, (_, index) => (
        <ProjectCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** A centred state panel: icon, SPEC title and text, one action. */
export function GalleryMessage({ icon: Icon, title, text, role, children }: { icon: LucideIcon; title: string; text: string; role?: 'alert'; children: ReactNode }) {
  return (
    <div role={role} className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center">
      <Icon className="h-8 w-8 text-zinc-400" aria-hidden />
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="max-w-md text-sm text-zinc-600">{text}</p>
      <div className="mt-2">{children}</div>
    </div>
  );
}

export function GalleryError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <GalleryMessage icon={AlertTriangle} role="alert" title="Something went wrong" text="We couldn't load the projects. Please try again later.">
      <Button variant="outline" onClick={onRetry} busy={retrying}>
        Try Again
      </Button>
    </GalleryMessage>
  );
}

export function GalleryEmpty() {
  return (
    <GalleryMessage icon={Images} title="No projects found" text="Be the first to share your creative work with the community.">
      <Button asChild>
        <Link to="/upload">Share Your Work</Link>
      </Button>
    </GalleryMessage>
  );
}

export function GalleryNoMatch({ onClear }: { onClear: () => void }) {
  return (
    <GalleryMessage icon={SearchX} title="No projects match your filters" text="Try adjusting your category or tag selections to see more results.">
      <Button variant="outline" onClick={onClear}>
        Clear All Filters
      </Button>
    </GalleryMessage>
  );
}

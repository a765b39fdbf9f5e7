import { LayoutGrid, List, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { TProjectView } from './ProjectCard';

const VIEWS: { value: TProjectView; label: string; icon: LucideIcon }[] = [
  { value: 'grid', label: 'Grid view', icon: LayoutGrid },
  { value: 'list', label: 'List view', icon: List },
];

/** SPEC §2: results as a grid of cards or as a list of rows. */
export function ViewToggle({ value, onChange }: { value: TProjectView; onChange: (view: TProjectView) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-lg bg-zinc-100 p-1">
      {VIEWS.map(({ value: view, label, icon: Icon }) => (
        <button
          key={view}
          type="button"
          aria-label={label}
          aria-pressed={value === view}
          title={label}
          onClick={() => onChange(view)}
          className={cn(
            'inline-flex h-8 w-9 items-center justify-center rounded-md transition-colors duration-150 ease-out',
            value === view ? 'bg-white text-ink shadow-sm' : 'text-zinc-600 hover:text-ink',
          )}
        >
          <Icon className="h-4 w-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}

import { X } from 'lucide-react';

export interface TActiveFilter {
  kind: 'category' | 'tag';
  value: string;
}

interface ActiveFiltersProps {
  filters: TActiveFilter[];
  onRemove: (filter: TActiveFilter) => void;
  onClear: () => void;
}

const chipLabel = (filter: TActiveFilter) => (filter.kind === 'tag' ? `#${filter.value}` : filter.value);

/** SPEC §2: the chosen filters as removable chips under 'Active filters:', with 'Clear all'. */
export function ActiveFilters({ filters, onRemove, onClear }: ActiveFiltersProps) {
  if (filters.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-[13px]" role="region" aria-label="Active filters">
      <span className="font-medium text-zinc-600">Active filters:</span>
      <ul className="contents">
        {filters.map((filter) => (
          <li key={`${filter.kind}:${filter.value}`} className="inline-flex items-center gap-1 rounded-full bg-violet-50 py-1 pr-1 pl-3 font-medium text-accent">
            {chipLabel(filter)}
            <button
              type="button"
              onClick={() => onRemove(filter)}
              aria-label={`Remove filter ${chipLabel(filter)}`}
              className="rounded-full p-0.5 transition-colors duration-150 ease-out hover:bg-violet-100"
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onClear} className="rounded-md px-2 py-1 font-medium text-zinc-600 underline-offset-2 hover:text-ink hover:underline">
        Clear all
      </button>
    </div>
  );
}

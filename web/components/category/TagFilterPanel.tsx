import { TagChip } from '@/components/ui/tag-chip';

interface TagFilterPanelProps {
  id: string;
  tags: readonly string[];
  selected: readonly string[];
  onToggle: (tag: string) => void;
  onClear: () => void;
}

/** The panel the 'Filters' button opens: tags to narrow the category by (any selected matches). */
export function TagFilterPanel({ id, tags, selected, onToggle, onClear }: TagFilterPanelProps) {
  return (
    <div id={id} role="group" aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-4">
      <div className="flex items-center justify-between">
        <h2 id={`${id}-heading`} className="text-sm font-semibold">
          Filter by tag
        </h2>
        <button
          type="button"
          onClick={onClear}
          disabled={selected.length === 0}
          className="rounded-md px-2 py-1 text-[13px] font-medium text-accent hover:bg-violet-100 disabled:pointer-events-none disabled:text-zinc-400"
        >
          Clear
        </button>
      </div>
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag}>
            <TagChip tag={tag} size="md" pressed={selected.includes(tag)} onClick={() => onToggle(tag)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

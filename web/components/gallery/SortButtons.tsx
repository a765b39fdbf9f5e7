import type { TProjectSort } from '@shared/schemas/project';
import { cn } from '@/lib/cn';

/** SPEC §2: three buttons; the most-viewed sort exists in the API but has none. */
export const GALLERY_SORTS = [
  { value: 'trending', label: 'Trending' },
  { value: 'recent', label: 'Recent' },
  { value: 'popular', label: 'Popular' },
] as const satisfies readonly { value: TProjectSort; label: string }[];

export type TGallerySort = (typeof GALLERY_SORTS)[number]['value'];

/** Members' home also has their Following feed beside the sorts. */
const FOLLOWING = { value: 'following', label: 'Following' } as const;
export type THomeSort = TGallerySort | typeof FOLLOWING.value;

export function SortButtons<T extends THomeSort>({ value, onChange, withFollowing = false }: { value: T; onChange: (sort: T) => void; withFollowing?: boolean }) {
  const choices: readonly { value: THomeSort; label: string }[] = withFollowing ? [...GALLERY_SORTS, FOLLOWING] : GALLERY_SORTS;
  return (
    <div role="group" aria-label="Sort projects" className="inline-flex rounded-lg bg-zinc-100 p-1">
      {choices.map((sort) => (
        <button
          key={sort.value}
          type="button"
          aria-pressed={value === sort.value}
          onClick={() => onChange(sort.value as T)}
          className={cn(
            'h-8 rounded-md px-3 text-[13px] font-medium transition-colors duration-150 ease-out',
            value === sort.value ? 'bg-white text-ink shadow-sm' : 'text-zinc-600 hover:text-ink',
          )}
        >
          {sort.label}
        </button>
      ))}
    </div>
  );
}

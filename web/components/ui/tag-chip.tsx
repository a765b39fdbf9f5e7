// Tag chips (DESIGN: Badge/Chip): a tag as plain text, as a filter button, as a toggle or as a link.
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

const SIZES = {
  sm: 'px-2.5 py-0.5 text-[12px]',
  md: 'px-3 py-1 text-[13px]',
} as const;

const LOOKS = {
  plain: 'bg-zinc-100 text-zinc-700',
  active: 'bg-zinc-100 text-zinc-700 transition-colors duration-150 ease-out hover:bg-violet-50 hover:text-accent',
  pressed: 'bg-accent text-white transition-colors duration-150 ease-out hover:bg-accent-hover',
} as const;

interface TagChipProps {
  tag: string;
  size?: keyof typeof SIZES;
  /** Written '#tag' (project tags) or as is (job tags). */
  hash?: boolean;
  /** A button: filters by the tag, or toggles it when `pressed` is given. */
  onClick?: () => void;
  pressed?: boolean;
  /** The button's accessible name, when its text alone does not say what it does. */
  label?: string;
  /** A link instead. */
  to?: string;
}

export function TagChip({ tag, size = 'sm', hash = true, onClick, pressed, label, to }: TagChipProps) {
  const text = hash ? `#${tag}` : tag;
  const className = (look: keyof typeof LOOKS) => cn('inline-block rounded-full', SIZES[size], LOOKS[look]);
  if (to) {
    return (
      <Link to={to} className={className('active')}>
        {text}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button type="button" onClick={onClick} aria-pressed={pressed} aria-label={label} className={className(pressed ? 'pressed' : 'active')}>
        {text}
      </button>
    );
  }
  return <span className={className('plain')}>{text}</span>;
}

interface TagChipsProps {
  tags: readonly string[];
  /** Show only the first ones (cards and list rows show 3, SPEC §9). */
  max?: number;
  size?: keyof typeof SIZES;
  hash?: boolean;
  /** Each chip filters by its tag. */
  onTagClick?: (tag: string) => void;
}

/** A project's or a job's tags as a labelled list of chips; nothing when there are none. */
export function TagChips({ tags, max, size = 'sm', hash, onTagClick }: TagChipsProps) {
  if (tags.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap', size === 'sm' ? 'gap-1.5' : 'gap-2')} aria-label="Tags">
      {tags.slice(0, max).map((tag) => (
        <li key={tag}>
          <TagChip tag={tag} size={size} hash={hash} onClick={onTagClick && (() => onTagClick(tag))} label={onTagClick && `Filter by tag ${tag}`} />
        </li>
      ))}
    </ul>
  );
}

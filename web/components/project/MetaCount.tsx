// A project's figure beside an icon (views, comments): compact (SPEC §9), the exact number on hover.
import type { LucideIcon } from 'lucide-react';
import { compactCount, wholeNumber } from '@shared/format';
import { cn } from '@/lib/cn';

const SIZES = {
  sm: 'gap-1 px-1 text-[13px] [&_svg]:h-4 [&_svg]:w-4',
  md: 'gap-1.5 text-sm [&_svg]:h-5 [&_svg]:w-5',
} as const;

export interface MetaCountProps {
  icon: LucideIcon;
  count: number;
  /** Singular and plural, for the hover text and screen readers. */
  nouns: [one: string, many: string];
  size?: keyof typeof SIZES;
  /** Makes it a link (to the comments, say). */
  href?: string;
}

export function MetaCount({ icon: Icon, count, nouns, size = 'sm', href }: MetaCountProps) {
  const noun = count === 1 ? nouns[0] : nouns[1];
  const classes = cn('inline-flex items-center text-zinc-600 tabular-nums', SIZES[size], href && 'rounded-sm hover:text-ink');
  const content = (
    <>
      <Icon aria-hidden />
      {compactCount(count)}
      <span className="sr-only"> {noun}</span>
    </>
  );
  const title = `${wholeNumber(count)} ${noun}`;
  return href ? (
    <a href={href} className={classes} title={title}>
      {content}
    </a>
  ) : (
    <span className={classes} title={title}>
      {content}
    </span>
  );
}

import { Eye } from 'lucide-react';
import { compactCount } from '@shared/format';
import { cn } from '@/lib/cn';

const SIZES = {
  sm: 'gap-1 px-1 text-[13px] [&_svg]:h-4 [&_svg]:w-4',
  md: 'gap-1.5 text-sm [&_svg]:h-5 [&_svg]:w-5',
} as const;

/** A project's views, compact (SPEC §9) with the exact number on hover. */
export function ViewCount({ views, size = 'sm' }: { views: number; size?: keyof typeof SIZES }) {
  return (
    <span className={cn('inline-flex items-center text-zinc-600 tabular-nums', SIZES[size])} title={`${views.toLocaleString()} views`}>
      <Eye aria-hidden />
      {compactCount(views)}
      <span className="sr-only"> views</span>
    </span>
  );
}

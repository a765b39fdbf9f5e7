import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

// Fallback backgrounds, all dark enough for white initials to pass AA contrast.
const COLOURS = ['bg-violet-700', 'bg-indigo-700', 'bg-sky-700', 'bg-teal-700', 'bg-emerald-700', 'bg-amber-700', 'bg-rose-700', 'bg-fuchsia-700'];

/** The same name always gets the same colour, so a member is recognisable across pages. */
function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length] ?? 'bg-violet-700';
}

const SIZES = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-20 w-20 text-2xl',
} as const;

interface AvatarProps {
  /** Image URL; the initials show while it loads and when it fails. */
  src?: string | null;
  /** Used for the alt text and to pick the fallback colour. */
  name: string;
  initials: string;
  size?: keyof typeof SIZES;
  className?: string;
}

export function Avatar({ src, name, initials, size = 'md', className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn('inline-flex shrink-0 overflow-hidden rounded-full select-none', SIZES[size], className)}>
      {src && <AvatarPrimitive.Image src={src} alt={name} className="h-full w-full object-cover" />}
      <AvatarPrimitive.Fallback className={cn('flex h-full w-full items-center justify-center font-semibold text-white', colourFor(name))}>
        {initials}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}

import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const fieldClasses =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-ink placeholder:text-zinc-500 transition-colors duration-150 ease-out hover:border-zinc-400 focus-visible:border-accent disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:opacity-60 aria-invalid:border-red-500';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-10', className)} {...props} />;
}

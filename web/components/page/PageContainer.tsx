import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const WIDTHS = {
  wide: 'max-w-[1440px]',
  page: 'max-w-4xl',
  prose: 'max-w-3xl',
} as const;

/** Page gutters and maximum width from DESIGN (16 px phone, 32 px desktop, content at most 1440 px). */
export function PageContainer({ width = 'wide', className, children }: { width?: keyof typeof WIDTHS; className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto w-full px-4 py-10 md:px-8 md:py-14', WIDTHS[width], className)}>{children}</div>;
}

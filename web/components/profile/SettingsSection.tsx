// One titled block of the Settings dialog: a bordered section named by its heading.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SettingsSectionProps {
  id: string;
  title: string;
  icon: LucideIcon;
  /** 'danger' for what cannot be undone (deleting the account). */
  tone?: 'default' | 'danger';
  children: ReactNode;
}

export function SettingsSection({ id, title, icon: Icon, tone = 'default', children }: SettingsSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-4 rounded-xl border p-4', tone === 'danger' ? 'border-red-200 bg-red-50/60' : 'border-zinc-200')}
    >
      <h3 id={headingId} className={cn('flex items-center gap-2 text-sm font-semibold', tone === 'danger' && 'text-red-700')}>
        <Icon className="h-4 w-4" aria-hidden />
        {title}
      </h3>
      {children}
    </section>
  );
}

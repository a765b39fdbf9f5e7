import { useState } from 'react';
import { cn } from '@/lib/cn';

/** Up to two initials of the company: 'Diffusion Labs' → 'DL'. */
function companyInitials(company: string): string {
  const words = company.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0]?.slice(0, 2) ?? '');
  return letters.toUpperCase() || '?';
}

/** The company's logo, or its initials when there is none or it fails to load. */
export function CompanyLogo({ company, logo, className }: { company: string; logo: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  const box = cn('flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-xl', className);
  if (logo && !failed) {
    return (
      <span className={cn(box, 'border border-zinc-200 bg-white')}>
        <img src={logo} alt={`${company} logo`} loading="lazy" className="h-full w-full object-contain" onError={() => setFailed(true)} />
      </span>
    );
  }
  return (
    <span aria-hidden className={cn(box, 'bg-violet-100 text-sm font-semibold text-violet-800')}>
      {companyInitials(company)}
    </span>
  );
}

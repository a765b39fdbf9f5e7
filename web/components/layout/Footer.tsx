import { Link } from 'react-router';
import { COPYRIGHT_YEAR } from '@shared/constants';
import { SiteName } from '@/components/layout/SiteName';

const LINKS = [
  { to: '/for-creators', label: 'For Creators' },
  { to: '/jobs', label: 'Jobs' },
  { to: '/inspiration', label: 'Inspiration' },
  { to: '/about', label: 'About' },
  { to: '/support', label: 'Support' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/cookies', label: 'Cookies' },
] as const;

export function Footer() {
  return (
    <footer className="border-t border-zinc-200 bg-white">
      <div className="mx-auto flex max-w-[1440px] flex-col gap-6 px-4 py-10 md:px-8">
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-3">
          {LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="rounded-sm text-sm text-zinc-600 transition-colors duration-150 hover:text-ink">
              {link.label}
            </Link>
          ))}
          <a
            href="https://x.com"
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-sm text-sm text-zinc-600 transition-colors duration-150 hover:text-ink"
          >
            X (Twitter)
          </a>
        </nav>
        <p className="text-[13px] text-zinc-500">
          © {COPYRIGHT_YEAR} <SiteName />. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

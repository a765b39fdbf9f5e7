import { Link } from 'react-router';
import { SiteName } from '@/components/layout/SiteName';

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md font-semibold text-ink" onClick={onNavigate}>
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      <span className="text-[15px] md:max-lg:sr-only"><SiteName /></span>
    </Link>
  );
}

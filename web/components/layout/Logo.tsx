import { Link } from 'react-router';
import { DEFAULT_SITE_NAME } from '@shared/constants';

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md font-semibold text-ink" onClick={onNavigate}>
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      <span className="text-[15px] md:max-lg:sr-only">{DEFAULT_SITE_NAME}</span>
    </Link>
  );
}

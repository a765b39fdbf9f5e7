import { NavLink } from 'react-router';
import { useExplore } from '@/hooks/useExplore';
import { cn } from '@/lib/cn';

const LINK = 'rounded-md px-3 py-2 text-sm font-medium transition-colors duration-150 ease-out hover:text-ink';

/** Explore, Inspiration and Jobs: in a row in the header, stacked in the mobile drawer. */
export function NavLinks({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const explore = useExplore();
  const linkClass = ({ isActive }: { isActive: boolean }) => cn(LINK, isActive ? 'text-ink' : 'text-zinc-600');
  return (
    <nav aria-label="Main" className={className}>
      <button
        type="button"
        className={cn(LINK, 'text-left text-zinc-600')}
        onClick={() => {
          onNavigate?.();
          explore();
        }}
      >
        Explore
      </button>
      <NavLink to="/inspiration" className={linkClass} onClick={onNavigate}>
        Inspiration
      </NavLink>
      <NavLink to="/jobs" className={linkClass} onClick={onNavigate}>
        Jobs
      </NavLink>
    </nav>
  );
}

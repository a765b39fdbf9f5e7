// The header's icon buttons (SPEC §2): restart the onboarding tour, fresh work, invite creators; and a member's notification bell.
import { Compass, Mail, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/api/auth';
import { NotificationBell } from '@/components/notifications/NotificationBell';
import { useTour } from '@/components/tour/TourProvider';
import { Tooltip } from '@/components/ui/tooltip';

const ICON_BUTTON =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-zinc-600 transition-colors duration-150 ease-out hover:bg-zinc-100 hover:text-ink';

export function HeaderActions({ onNavigate }: { onNavigate?: () => void }) {
  const tour = useTour();
  const { user } = useCurrentUser();
  return (
    <div className="flex items-center gap-1">
      <Tooltip content="Restart tour">
        <button
          type="button"
          className={ICON_BUTTON}
          aria-label="Restart tour"
          onClick={() => {
            onNavigate?.();
            tour.start();
          }}
        >
          <Compass className="h-5 w-5" aria-hidden />
        </button>
      </Tooltip>
      <Tooltip content="New on Inspiration">
        <Link to="/inspiration" className={ICON_BUTTON} aria-label="New on Inspiration" onClick={onNavigate}>
          <Sparkles className="h-5 w-5" aria-hidden />
        </Link>
      </Tooltip>
      <Tooltip content="Invite creators">
        <Link to="/invitation-codes" className={ICON_BUTTON} aria-label="Invite creators" onClick={onNavigate}>
          <Mail className="h-5 w-5" aria-hidden />
        </Link>
      </Tooltip>
      {user && <NotificationBell className={ICON_BUTTON} onNavigate={onNavigate} />}
    </div>
  );
}

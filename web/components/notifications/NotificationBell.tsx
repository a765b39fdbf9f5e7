// The header's bell for members: the unread count as a badge, kept fresh without a reload
// (polled at most once a minute and on return to the tab); it opens /notifications.
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useUnreadNotifications } from '@/api/notifications';
import { Tooltip } from '@/components/ui/tooltip';

const BADGE_MAX = 99;

export function NotificationBell({ className, onNavigate }: { className: string; onNavigate?: (() => void) | undefined }) {
  const unread = useUnreadNotifications(true).data?.unread ?? 0;
  return (
    <Tooltip content="Notifications">
      {/* The name reads 'Notifications, 3 unread': the badge's number is part of it, so what shows is what is said. */}
      <Link to="/notifications" className={`relative ${className}`} onClick={onNavigate} data-testid="notification-bell">
        <Bell className="h-5 w-5" aria-hidden />
        <span className="sr-only">Notifications{unread > 0 && ', '}</span>
        {unread > 0 && (
          <>
            <span className="absolute top-1 right-1 min-w-4 rounded-full bg-accent px-1 text-center text-[10px] leading-4 font-semibold text-white tabular-nums">
              {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
            </span>
            <span className="sr-only"> unread</span>
          </>
        )}
      </Link>
    </Tooltip>
  );
}

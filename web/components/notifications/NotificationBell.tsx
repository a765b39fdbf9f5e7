// The header's bell for members: the unread count as a badge, kept fresh without a reload
// (polled at most once a minute and on return to the tab); it opens /notifications.
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useUnreadNotifications } from '@/api/notifications';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

const BADGE_MAX = 99;

/** `showLabel`: the phone drawer shows the word beside the icon instead of a tooltip. */
export function NotificationBell({ className, showLabel = false, onNavigate }: { className: string; showLabel?: boolean; onNavigate?: (() => void) | undefined }) {
  const unread = useUnreadNotifications(true).data?.unread ?? 0;
  // The name reads 'Notifications, 3 unread': the badge's number is part of it, so what shows is what is said.
  const bell = (
      <Link to="/notifications" className={`relative ${className}`} onClick={onNavigate} data-testid="notification-bell">
        <Bell className="h-5 w-5 shrink-0" aria-hidden />
        {/* With the word shown (the phone drawer) the name is the content, 'Notifications 3 unread', so it holds what is seen. */}
        {showLabel ? <span>Notifications</span> : <span className="sr-only">Notifications{unread > 0 && ', '}</span>}
        {unread > 0 && (
          <>
            <span
              className={cn(
                'min-w-4 rounded-full bg-accent px-1 text-center text-[10px] leading-4 font-semibold text-white tabular-nums',
                showLabel ? 'ml-auto min-w-5 px-1.5 text-[11px] leading-5' : 'absolute top-1 right-1',
              )}
            >
              {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
            </span>
            <span className="sr-only"> unread</span>
          </>
        )}
      </Link>
  );
  return showLabel ? bell : <Tooltip content="Notifications">{bell}</Tooltip>;
}

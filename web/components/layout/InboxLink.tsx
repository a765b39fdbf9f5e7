// The header's inbox for hire messages (issue 16), beside the notification bell: the unread
// count as a badge, opening Profile → Messages, where opening a message marks it read.
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { useUnreadMessages } from '@/api/messages';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

const BADGE_MAX = 99;
export const INBOX_PATH = '/profile?tab=messages';

interface InboxLinkProps {
  className: string;
  /** The phone drawer shows the word beside the icon; the desktop header a tooltip. */
  showLabel?: boolean;
  onNavigate?: (() => void) | undefined;
}

export function InboxLink({ className, showLabel = false, onNavigate }: InboxLinkProps) {
  const unread = useUnreadMessages(true).data?.count ?? 0;
  const badge = unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
  const link = (
    // The name reads 'Messages, 2 unread': the word and the badge's number are part of it, as they show.
    <Link
      to={INBOX_PATH}
      className={cn('relative', className)}
      onClick={onNavigate}
      // Icon only: the name is spelled out. With the word shown, the name is the content ('Messages 2 unread'), so it holds what is seen.
      aria-label={showLabel ? undefined : unread > 0 ? `Messages, ${badge} unread` : 'Messages'}
      data-testid="inbox-link"
    >
      <Inbox className="h-5 w-5 shrink-0" aria-hidden />
      {showLabel && <span>Messages</span>}
      {unread > 0 && (
        <span
          data-testid="inbox-count"
          className={cn(
            'min-w-4 rounded-full bg-accent px-1 text-center text-[10px] leading-4 font-semibold text-white tabular-nums',
            showLabel ? 'ml-auto min-w-5 px-1.5 text-[11px] leading-5' : 'absolute top-1 right-1',
          )}
        >
          {badge}
        </span>
      )}
      {showLabel && unread > 0 && <span className="sr-only"> unread</span>}
    </Link>
  );
  return showLabel ? link : <Tooltip content="Messages">{link}</Tooltip>;
}

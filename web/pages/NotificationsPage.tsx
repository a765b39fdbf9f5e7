// /notifications: what happened to the member's work, newest first; opening one marks it read
// and goes where it happened.
import { AlertTriangle, Bell, CheckCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { dateTime, initials, timeAgo } from '@shared/format';
import type { TNotification } from '@shared/schemas/notification';
import { useCurrentUser } from '@/api/auth';
import { useMarkNotificationsRead, useNotifications } from '@/api/notifications';
import { AccessRequired } from '@/components/invitations/AccessRequired';
import { PageContainer } from '@/components/page/PageContainer';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { cn } from '@/lib/cn';

const LOADING_ROWS = 4;

export default function NotificationsPage() {
  useDocumentTitle('Notifications', 'Likes, follows, comments and messages on your work.');
  const { isSignedIn, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!isSignedIn) return <AccessRequired message="Please sign in to see your notifications." />;
  return (
    <PageContainer width="prose">
      <Notifications />
    </PageContainer>
  );
}

function Notifications() {
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  function open(notification: TNotification) {
    if (!notification.read) markRead.mutate([notification.id]);
    void navigate(notification.url);
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">Notifications</h1>
        {unread > 0 && (
          <Button variant="outline" busy={markRead.isPending && markRead.variables === undefined} onClick={() => markRead.mutate(undefined)}>
            <CheckCheck className="h-4 w-4" aria-hidden />
            Mark all as read
          </Button>
        )}
      </div>
      {list.isPending ? (
        <NotificationsLoading />
      ) : list.isError && items.length === 0 ? (
        <StatePanel icon={AlertTriangle} alert level={2} title="Something went wrong" text="We couldn't load your notifications. Please try again later.">
          <Button variant="outline" busy={list.isFetching} onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </StatePanel>
      ) : items.length === 0 ? (
        <StatePanel icon={Bell} level={2} title="No notifications yet" text="When someone likes or comments on your work, follows you or sends you a message, it shows up here.">
          <Button asChild variant="outline">
            <Link to="/upload">Upload Work</Link>
          </Button>
        </StatePanel>
      ) : (
        <>
          <ul aria-label="Notifications" className="divide-y divide-zinc-200 overflow-hidden rounded-xl border border-zinc-200">
            {items.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} onOpen={() => open(notification)} />
            ))}
          </ul>
          <LoadMore pages={list} label="Load More Notifications" failure="We couldn't load more notifications. Please try again later." />
        </>
      )}
    </div>
  );
}

function NotificationRow({ notification, onOpen }: { notification: TNotification; onOpen: () => void }) {
  const unread = !notification.read;
  const actor = notification.actor;
  return (
    <li className={cn(unread && 'bg-violet-50/60')}>
      <a
        href={notification.url}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onOpen();
        }}
        className="flex items-start gap-3 px-4 py-4 hover:bg-zinc-50"
      >
        {actor ? (
          // The sentence names the actor: the picture is decoration here.
          <span aria-hidden className="flex">
            <Avatar src={actor.profileImageUrl} name={actor.name} initials={actorInitials(actor.name)} size="sm" />
          </span>
        ) : (
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-violet-50 text-accent">
            <Bell className="h-4 w-4" aria-hidden />
          </span>
        )}
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={cn('text-sm text-ink', unread ? 'font-semibold' : 'font-normal')}>
            {notification.text}
            {unread && <span className="sr-only"> (unread)</span>}
          </span>
          <time dateTime={notification.updatedAt} title={dateTime(notification.updatedAt)} className="text-[13px] text-zinc-600">
            {timeAgo(notification.updatedAt)}
          </time>
        </span>
        {unread && <span aria-hidden className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-accent" />}
      </a>
    </li>
  );
}

function actorInitials(name: string): string {
  const [first, ...rest] = name.split(' ');
  return initials({ firstName: first, lastName: rest.join(' ') });
}

function NotificationsLoading() {
  return (
    <div role="status" aria-label="Loading notifications" className="divide-y divide-zinc-200 rounded-xl border border-zinc-200">
      {Array.from({ length: LOADING_ROWS }, (_, index) => (
        <div key={index} className="flex items-center gap-3 px-4 py-4">
          <Skeleton className="h-8 w-8 rounded-full" />
          <Skeleton className="h-4 flex-1" />
        </div>
      ))}
    </div>
  );
}

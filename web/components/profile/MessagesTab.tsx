// The creator's inbox on /profile (issue 6, beyond SPEC): hire and contact messages sent from their
// projects, newest first; opening one shows it in full and marks it read.
import { AlertTriangle, ArrowUpRight, Inbox, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { dateTime, relativeDate } from '@shared/format';
import type { TInboxMessage } from '@shared/schemas/contact';
import { useInbox, useMarkMessageRead, useUnreadCount } from '@/api/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { StatePanel } from '@/components/ui/state-panel';
import { cn } from '@/lib/cn';

const LINK = 'inline-flex items-center gap-1 rounded-sm text-[13px] font-medium text-accent hover:text-accent-hover';
const NO_SUBJECT = '(No subject)';
const LOADING_ROWS = 3;

const projectPath = (message: TInboxMessage) => `/project/${message.projectId}`;

/** The number of unread messages, for the tab's label; nothing when all are read. */
export function UnreadBadge() {
  const unread = useUnreadCount();
  const count = unread.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span aria-hidden className="min-w-5 rounded-full bg-accent px-1.5 text-center text-[11px] leading-5 font-semibold text-white tabular-nums">
        {count}
      </span>
      {/* The leading space keeps the tab's name readable: 'Messages (2 unread)'. */}
      <span className="sr-only"> ({count} unread)</span>
    </>
  );
}

export function MessagesTab() {
  const inbox = useInbox();
  const markRead = useMarkMessageRead();
  const messages = inbox.data?.pages.flatMap((page) => page.items) ?? [];

  if (inbox.isPending) return <MessagesLoading />;
  if (inbox.isError && messages.length === 0) {
    return (
      <StatePanel icon={AlertTriangle} alert title="Something went wrong" text="We couldn't load your messages. Please try again later.">
        <Button variant="outline" busy={inbox.isFetching} onClick={() => void inbox.refetch()}>
          Try Again
        </Button>
      </StatePanel>
    );
  }
  if (messages.length === 0) {
    return (
      <StatePanel
        icon={Inbox}
        title="No messages yet"
        text="When someone sends you a hire request from one of your projects, it arrives here and in your e-mail."
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <ul aria-label="Messages" className="divide-y divide-zinc-200 overflow-hidden rounded-xl border border-zinc-200">
        {messages.map((message) => (
          <MessageRow key={message.id} message={message} onOpen={() => !message.readAt && markRead.mutate(message.id)} />
        ))}
      </ul>
      <LoadMore pages={inbox} label="Load More Messages" failure="We couldn't load more messages. Please try again later." />
    </div>
  );
}

/** A message in the list; it opens in a dialog, which returns focus to the row when closed. */
function MessageRow({ message, onOpen }: { message: TInboxMessage; onOpen: () => void }) {
  const unread = !message.readAt;
  return (
    <li className={cn('flex flex-col gap-2 px-4 py-4 sm:flex-row sm:items-start sm:gap-4', unread && 'bg-violet-50/50')}>
      <Dialog onOpenChange={(isOpen) => isOpen && onOpen()}>
        <DialogTrigger className="flex min-w-0 flex-1 flex-col gap-1 rounded-md text-left">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {unread && <span className="rounded-full bg-accent px-2 text-[11px] leading-5 font-semibold text-white">Unread</span>}
            <span className={cn('text-[15px] text-ink', unread ? 'font-semibold' : 'font-medium')}>{message.name}</span>
            <span className="min-w-0 truncate text-[13px] text-zinc-500">{message.email}</span>
          </span>
          <span className={cn('truncate text-sm', unread ? 'font-semibold text-ink' : 'text-zinc-700')}>{message.subject ?? NO_SUBJECT}</span>
          <span className="line-clamp-1 text-[13px] text-zinc-500">{message.message}</span>
        </DialogTrigger>
        <MessageDialogContent message={message} />
      </Dialog>
      <div className="flex shrink-0 items-center gap-4 sm:flex-col sm:items-end sm:gap-1">
        <time dateTime={message.createdAt} title={dateTime(message.createdAt)} className="text-[13px] text-zinc-500">
          {relativeDate(message.createdAt)}
        </time>
        {message.projectId !== null && (
          <Link to={projectPath(message)} className={LINK}>
            {message.projectTitle ?? 'View project'}
            <ArrowUpRight className="h-3.5 w-3.5" aria-hidden />
          </Link>
        )}
      </div>
    </li>
  );
}

function MessageDialogContent({ message }: { message: TInboxMessage }) {
  const reply = `mailto:${message.email}?${new URLSearchParams({ subject: `Re: ${message.subject ?? message.projectTitle ?? ''}`.trim() })}`;
  return (
    <DialogContent className="max-w-xl">
      <DialogHeader>
        <DialogTitle>{message.subject ?? NO_SUBJECT}</DialogTitle>
        <DialogDescription>
          From <span className="font-medium text-ink">{message.name}</span> ({message.email}) · {dateTime(message.createdAt)}
        </DialogDescription>
      </DialogHeader>
      {message.projectId !== null && (
        <p className="text-sm text-zinc-600">
          About{' '}
          <Link to={projectPath(message)} className={LINK}>
            {message.projectTitle ?? 'your project'}
            <ArrowUpRight className="h-3.5 w-3.5" aria-hidden />
          </Link>
        </p>
      )}
      <p className="text-sm leading-6 whitespace-pre-wrap text-zinc-800">{message.message}</p>
      <DialogFooter>
        <Button asChild>
          <a href={reply}>
            <Mail className="h-4 w-4" aria-hidden />
            Reply by e-mail
          </a>
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

function MessagesLoading() {
  return (
    <div role="status" aria-label="Loading messages" className="divide-y divide-zinc-200 rounded-xl border border-zinc-200">
      {Array.from({ length: LOADING_ROWS }, (_, index) => (
        <div key={index} className="flex flex-col gap-2 px-4 py-4">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-72 max-w-full" />
          <Skeleton className="h-3 w-96 max-w-full" />
        </div>
      ))}
    </div>
  );
}

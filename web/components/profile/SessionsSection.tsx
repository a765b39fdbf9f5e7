// Settings → where I am signed in: each live session (browser on OS, last active), 'This device'
// on the current one, 'Sign out' for each other one, and 'Sign out everywhere else'.
import { LogOut, Monitor, MonitorSmartphone, Smartphone } from 'lucide-react';
import { toast } from 'sonner';
import { counted, timeAgo } from '@shared/format';
import type { TSession } from '@shared/schemas/session';
import { serverMessage } from '@/api/api-error';
import { useEndOtherSessions, useEndSession, useSessions } from '@/api/sessions';
import { Button } from '@/components/ui/button';
import { InlineLoadError } from '@/components/ui/inline-error';
import { Skeleton } from '@/components/ui/skeleton';
import { SettingsSection } from './SettingsSection';

const PHONE_SYSTEMS = /^(iOS|Android)/;

export function SessionsSection() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current).length;

  function signOutSession(session: TSession) {
    endSession.mutate(session.id, {
      onSuccess: () => toast('Signed out', { description: `${session.browser} on ${session.os} is signed out.` }),
      onError: (error) => toast.error('Sign-out failed', { description: serverMessage(error, 'Failed to sign out that session') }),
    });
  }

  function signOutOthers() {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => toast('Signed out everywhere else', { description: `${counted(ended, 'other session')} ended.` }),
      onError: (error) => toast.error('Sign-out failed', { description: serverMessage(error, 'Failed to sign out other sessions') }),
    });
  }

  return (
    <SettingsSection id="sessions" title="Where you're signed in" icon={MonitorSmartphone}>
      {sessions.isLoading ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-12 rounded-lg" />
          <Skeleton className="h-12 rounded-lg" />
        </div>
      ) : sessions.isError ? (
        <InlineLoadError message={serverMessage(sessions.error, "We couldn't load your sessions. Please try again.")} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-200" aria-label="Sessions">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={endSession.isPending && endSession.variables === session.id}
              onSignOut={() => signOutSession(session)}
            />
          ))}
        </ul>
      )}
      {others > 0 && (
        <Button variant="outline" size="sm" className="self-start" busy={endOthers.isPending} onClick={signOutOthers}>
          {!endOthers.isPending && <LogOut className="h-4 w-4" aria-hidden />}
          Sign out everywhere else
        </Button>
      )}
    </SettingsSection>
  );
}

function SessionRow({ session, busy, onSignOut }: { session: TSession; busy: boolean; onSignOut: () => void }) {
  const Icon = PHONE_SYSTEMS.test(session.os) ? Smartphone : Monitor;
  const name = `${session.browser} on ${session.os}`;
  return (
    <li className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
      <Icon className="h-5 w-5 shrink-0 text-zinc-500" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="truncate">{name}</span>
          {session.current && <span className="rounded-full bg-violet-100 px-2 py-0.5 text-[12px] font-medium text-violet-800">This device</span>}
        </p>
        <p className="text-[13px] text-zinc-600">{session.current ? 'Active now' : `Last active ${timeAgo(session.lastSeenAt)}`}</p>
      </div>
      {!session.current && (
        <Button variant="ghost" size="sm" busy={busy} aria-label={`Sign out ${name}`} onClick={onSignOut}>
          Sign out
        </Button>
      )}
    </li>
  );
}

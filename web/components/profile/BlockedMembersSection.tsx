// Settings → the members I blocked, newest first, each with Unblock.
import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { timeAgo } from '@shared/format';
import type { TBlockedMember } from '@shared/schemas/comment';
import { serverMessage } from '@/api/api-error';
import { useBlockedMembers, useSetBlocked } from '@/api/comments';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { InlineLoadError } from '@/components/ui/inline-error';
import { Skeleton } from '@/components/ui/skeleton';
import { creatorPath } from '@/lib/paths';
import { SettingsSection } from './SettingsSection';

export function BlockedMembersSection() {
  const blocked = useBlockedMembers(true);
  const setBlocked = useSetBlocked();
  const list = blocked.data?.pages.flatMap((page) => page.items) ?? [];

  function unblock({ user }: TBlockedMember) {
    setBlocked.mutate(
      { userId: user.id, blocked: false },
      {
        onSuccess: () => toast(`${user.name} is unblocked`),
        onError: (error) => toast.error('Unblock failed', { description: serverMessage(error, 'Please try again.') }),
      },
    );
  }

  return (
    <SettingsSection id="blocked-members" title="Blocked members" icon={Ban}>
      {blocked.isLoading ? (
        <Skeleton className="h-10 rounded-lg" />
      ) : blocked.isError ? (
        <InlineLoadError message={serverMessage(blocked.error, "We couldn't load the members you blocked. Please try again.")} onRetry={() => void blocked.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-[13px] text-zinc-600">You haven't blocked anyone.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-200" aria-label="Blocked members">
          {list.map((entry) => (
            <li key={entry.user.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
              <div className="min-w-0 flex-1">
                <Link to={creatorPath(entry.user.id)} className="block truncate rounded-sm text-sm font-medium hover:underline">
                  {entry.user.name}
                </Link>
                <p className="text-[13px] text-zinc-600">Blocked {timeAgo(entry.blockedAt)}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                busy={setBlocked.isPending && setBlocked.variables.userId === entry.user.id}
                aria-label={`Unblock ${entry.user.name}`}
                onClick={() => unblock(entry)}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={blocked} label="Show more" failure="We couldn't load more. Please try again." />
    </SettingsSection>
  );
}

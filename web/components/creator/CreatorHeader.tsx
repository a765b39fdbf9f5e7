// The top of a public creator page: who they are, followers, who invited them, Follow, and (for
// members) the menu with Block; Hire Me opens the contact dialog (not on one's own page).
import { useQueryClient } from '@tanstack/react-query';
import { Briefcase, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { TCreatorProfile } from '@shared/schemas/creator';
import { useCurrentUser } from '@/api/auth';
import { creatorProfileQuery } from '@/api/users';
import { ReportButton } from '@/components/moderation/ReportButton';
import { FollowButton } from '@/components/project/FollowButton';
import { Button } from '@/components/ui/button';
import { MemberMenu } from './MemberMenu';
import { MemberIdentity } from '@/components/user/MemberIdentity';
import { useHasBeenTrue } from '@/hooks/useHasBeenTrue';
import { creatorPath } from '@/lib/paths';
import { wholeNumber } from '@shared/format';

// Loaded on the first 'Hire Me', as on the project page (see CreatorPanel).
const ContactDialog = lazy(() => import('@/components/project/ContactDialog'));

export function CreatorHeader({ profile }: { profile: TCreatorProfile }) {
  const client = useQueryClient();
  const { user: viewer } = useCurrentUser();
  const { user, stats, invitedBy } = profile;
  const isSelf = viewer?.id === user.id;
  const [contactOpen, setContactOpen] = useState(false);
  const contactLoaded = useHasBeenTrue(contactOpen);

  /** The server's answer is the truth: the page's copy of the profile takes its state and count. */
  function followChanged(following: boolean, followers: number) {
    client.setQueryData(creatorProfileQuery(user.id).queryKey, (cached) =>
      cached ? { ...cached, isFollowing: following, stats: { ...cached.stats, followers } } : cached,
    );
  }

  return (
    <>
      <MemberIdentity
        user={user}
        variant="page"
        actions={
          isSelf ? undefined : (
            <div className="flex w-full flex-col items-start gap-2 sm:w-auto">
              <div className="flex w-full items-center gap-2">
                <div className="flex flex-1 sm:w-40">
                  {/* A new state from the server (a refetch) starts the toggle again from it. */}
                  <FollowButton key={String(profile.isFollowing)} creatorId={user.id} initialFollowing={profile.isFollowing} onChange={followChanged} />
                </div>
                <Button variant="outline" className="flex-1 sm:w-32 sm:flex-none" onClick={() => setContactOpen(true)}>
                  <Briefcase className="h-4 w-4" aria-hidden />
                  Hire Me
                </Button>
                {viewer && <MemberMenu member={{ id: user.id, name: user.name }} isBlocked={profile.isBlocked} />}
              </div>
              <ReportButton targetType="member" targetId={user.id} label={user.name} ownerId={user.id} />
            </div>
          )
        }
      >
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700">
          <span>
            <strong className="font-semibold text-ink">{wholeNumber(stats.followers)}</strong> {stats.followers === 1 ? 'follower' : 'followers'}
          </span>
          <span>
            <strong className="font-semibold text-ink">{wholeNumber(stats.following)}</strong> following
          </span>
        </p>
        {invitedBy && (
          <p className="inline-flex items-center gap-1.5 text-[13px] text-zinc-600">
            <UserPlus className="h-4 w-4" aria-hidden />
            Invited by{' '}
            <Link to={creatorPath(invitedBy.id)} className="rounded-sm font-medium text-accent hover:text-accent-hover">
              {invitedBy.name}
            </Link>
          </p>
        )}
      </MemberIdentity>
      {!isSelf && contactLoaded && (
        <Suspense fallback={null}>
          <ContactDialog open={contactOpen} onOpenChange={setContactOpen} creator={user} project={null} />
        </Suspense>
      )}
    </>
  );
}

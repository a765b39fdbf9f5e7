import { UserCheck, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCurrentUser } from '@/api/auth';
import { limitMessage } from '@/api/api-error';
import { useFollowCreator } from '@/api/projects';
import { Button } from '@/components/ui/button';
import { signInPath, takePendingAction } from '@/lib/return-to';

interface FollowButtonProps {
  creatorId: number;
  /** Where the toggle starts; see the note in the component. */
  initialFollowing: boolean;
  /** Called with the server's answer: the new state and the creator's follower count. */
  onChange?: (following: boolean, followers: number) => void;
}

/**
 * Follow / Following (SPEC §4): a local toggle that changes only once the call has succeeded,
 * with a toast either way; any failure, signed out included, gets the SPEC §8 text, but for a
 * limit's refusal (429), which gets the server's message.
 */
export function FollowButton({ creatorId, initialFollowing, onChange }: FollowButtonProps) {
  // SPEC §4 has the toggle start at Follow because its server never said whether the viewer
  // follows the creator. Ours does (project.isFollowing), so the button starts in the true
  // state; otherwise a follower would see 'Follow' and unfollow by accident.
  const [following, setFollowing] = useState(initialFollowing);
  const follow = useFollowCreator();
  const { isSignedIn, isLoading: userLoading } = useCurrentUser();
  const navigate = useNavigate();

  // Back from signing in to follow this creator (issue 16): done, unless already following.
  useEffect(() => {
    if (!isSignedIn || !takePendingAction('follow', creatorId) || following) return;
    toggle();
    // Once, when the member is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isSignedIn, creatorId]);

  function toggle() {
    // Signed out: the SPEC §8 text, then sign in and come back here to finish the follow.
    if (!isSignedIn && !userLoading) {
      toast.error('Authentication required', { description: 'Please sign in to follow creators' });
      void navigate(signInPath({ action: 'follow', targetId: creatorId }));
      return;
    }
    follow.mutate(creatorId, {
      onSuccess: (result) => {
        // The server toggles too; its answer is the flipped state, and it wins if the two ever disagree.
        setFollowing(result.following);
        onChange?.(result.following, result.followers);
        toast(result.following ? 'Following' : 'Unfollowed');
      },
      onError: (error) => {
        // A member past their likes-and-follows rate is signed in: tell them what the server said.
        const limited = limitMessage(error);
        if (limited) toast.error('Error', { description: limited });
        else toast.error('Authentication required', { description: 'Please sign in to follow creators' });
      },
    });
  }

  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      className="flex-1"
      busy={follow.isPending}
      onClick={toggle}
    >
      {!follow.isPending && (following ? <UserCheck className="h-4 w-4" aria-hidden /> : <UserPlus className="h-4 w-4" aria-hidden />)}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}

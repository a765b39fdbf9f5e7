// The like toggle with its count (SPEC §4, §8), on cards and on the project page.
import { Heart } from 'lucide-react';
import { useEffect, type MouseEvent } from 'react';
import { TIMINGS } from '@shared/constants';
import { useCurrentUser } from '@/api/auth';
import { useLikeProject } from '@/api/projects';
import { ApiError, limitMessage } from '@/api/api-error';
import { cn } from '@/lib/cn';
import { apiSignInPath, takePendingAction } from '@/lib/return-to';
import { showToast } from '@/lib/toast';
import { wholeNumber } from '@shared/format';

const SIZES = {
  sm: 'h-8 gap-1.5 px-2 text-[13px] [&_svg]:h-4 [&_svg]:w-4',
  md: 'h-10 gap-2 px-4 text-sm [&_svg]:h-5 [&_svg]:w-5',
} as const;

interface LikeButtonProps {
  projectId: number;
  liked: boolean;
  likes: number;
  size?: keyof typeof SIZES;
  className?: string;
}

/**
 * SPEC §8: signed out, say so and go to the old login endpoint after 1000 ms; it carries the
 * way back to this page and the like to finish there (issue 16).
 */
function askToSignIn(projectId: number) {
  showToast('message', 'Authentication Required', { description: 'Please log in to like projects' });
  window.setTimeout(() => {
    window.location.href = apiSignInPath({ action: 'like', targetId: projectId });
  }, TIMINGS.failedLikeRedirect);
}

export function LikeButton({ projectId, liked, likes, size = 'sm', className }: LikeButtonProps) {
  const { isSignedIn, isLoading: userLoading } = useCurrentUser();
  // The server's answer goes into every cached copy of the project, so it comes back here as props.
  const like = useLikeProject();

  // Back from signing in to like this project: the like is made, unless it already was.
  useEffect(() => {
    if (!isSignedIn || !takePendingAction('like', projectId) || liked) return;
    like.mutate(projectId, { onError: (error) => showToast('error', 'Error', { description: limitMessage(error) ?? 'Failed to update like. Please try again.' }) });
    // Once, when the member is known; `like` is a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isSignedIn, projectId]);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (like.isPending) return;
    if (!isSignedIn && !userLoading) {
      askToSignIn(projectId);
      return;
    }
    like.mutate(projectId, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) askToSignIn(projectId);
        else showToast('error', 'Error', { description: limitMessage(error) ?? 'Failed to update like. Please try again.' });
      },
    });
  };

  const count = wholeNumber(likes);
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`Like, ${count} ${likes === 1 ? 'like' : 'likes'}`}
      onClick={onClick}
      className={cn(
        'inline-flex items-center rounded-lg font-medium tabular-nums transition-colors duration-150 ease-out hover:bg-zinc-100',
        liked ? 'text-rose-600' : 'text-zinc-600 hover:text-ink',
        SIZES[size],
        className,
      )}
    >
      <Heart className={cn('transition-transform duration-150 ease-out', liked && 'fill-current')} aria-hidden />
      <span>{count}</span>
    </button>
  );
}

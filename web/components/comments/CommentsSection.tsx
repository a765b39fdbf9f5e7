// The project page's comments: the count, the form (or 'Sign in to comment'), the threads newest
// first with 'Show more comments', and a `#comment-{id}` link scrolled to and highlighted.
import { MessageCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '@/api/auth';
import { serverMessage } from '@/api/api-error';
import { useAddComment, useComments } from '@/api/comments';
import { InlineLoadError } from '@/components/ui/inline-error';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignInPath } from '@/hooks/useSignInPath';
import { CommentForm } from './CommentForm';
import { commentAnchor } from './CommentItem';
import { CommentThread } from './CommentThread';
import { wholeNumber } from '@shared/format';

const ANCHOR = /^#comment-(\d+)$/;

export function CommentsSection({ projectId, count }: { projectId: number; count: number }) {
  const { isSignedIn } = useCurrentUser();
  const signIn = useSignInPath();
  const { hash } = useLocation();
  const highlightedId = Number(ANCHOR.exec(hash)?.[1] ?? NaN) || null;
  const comments = useComments(projectId, highlightedId);
  const add = useAddComment(projectId);
  const threads = comments.data?.pages.flatMap((page) => page.items) ?? [];
  const loaded = comments.data !== undefined;

  // The browser scrolled before the comments arrived: once they are here, go to the one linked.
  useEffect(() => {
    if (highlightedId === null || !loaded) return;
    document.getElementById(commentAnchor(highlightedId))?.scrollIntoView({ block: 'center' });
  }, [highlightedId, loaded]);

  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-12 flex max-w-[800px] flex-col gap-6">
      <h2 id="comments-heading" className="flex items-center gap-2 text-xl font-semibold">
        <MessageCircle className="h-5 w-5" aria-hidden />
        Comments <span className="text-zinc-600 tabular-nums">({wholeNumber(count)})</span>
      </h2>

      {isSignedIn ? (
        <CommentForm
          id="new-comment"
          label="Add a comment"
          submitLabel="Post Comment"
          busyLabel="Posting..."
          failure="Comment not posted"
          onSubmit={(body) => add.mutateAsync({ body })}
        />
      ) : (
        <p className="text-sm text-zinc-700">
          <Link to={signIn} className="rounded-sm font-medium text-accent underline underline-offset-2 hover:text-accent-hover">
            Sign in to comment
          </Link>
        </p>
      )}

      {comments.isLoading ? (
        <div className="flex flex-col gap-4" aria-hidden>
          <Skeleton className="h-16 rounded-lg" />
          <Skeleton className="h-16 rounded-lg" />
        </div>
      ) : comments.isError ? (
        <InlineLoadError message={serverMessage(comments.error, "We couldn't load the comments. Please try again.")} onRetry={() => void comments.refetch()} />
      ) : threads.length === 0 ? (
        <p className="text-sm text-zinc-600">No comments yet.{isSignedIn ? ' Be the first to say something.' : ''}</p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Comments">
          {threads.map((comment) => (
            <CommentThread key={comment.id} comment={comment} projectId={projectId} canReply={isSignedIn} highlightedId={highlightedId} />
          ))}
        </ol>
      )}

      <LoadMore pages={comments} label="Show more comments" failure="We couldn't load more comments. Please try again." />
    </section>
  );
}

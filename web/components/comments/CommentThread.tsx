// A top-level comment with its replies: the first few came with it, 'Show N more replies' loads
// the rest; Reply (on the comment or any reply) opens one reply form under the thread.
import { useState } from 'react';
import type { TComment } from '@shared/schemas/comment';
import { useAddComment, useReplies } from '@/api/comments';
import { Button } from '@/components/ui/button';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';

interface CommentThreadProps {
  comment: TComment;
  projectId: number;
  canReply: boolean;
  highlightedId: number | null;
}

export function CommentThread({ comment, projectId, canReply, highlightedId }: CommentThreadProps) {
  const [replying, setReplying] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const all = useReplies(comment.id, showAll);
  const add = useAddComment(projectId);
  const replies = showAll && all.data ? all.data.pages.flatMap((page) => page.items) : comment.replies;
  const hidden = comment.replyCount - replies.length;
  const startReply = canReply ? () => setReplying(true) : undefined;

  return (
    <CommentItem comment={comment} projectId={projectId} highlighted={highlightedId === comment.id} onReply={comment.deleted ? undefined : startReply}>
      {replies.length > 0 && (
        <ol className="mt-2 flex flex-col gap-2 border-l-2 border-zinc-100 pl-3" aria-label={`Replies to ${comment.author?.name ?? 'a deleted comment'}`}>
          {replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} projectId={projectId} highlighted={highlightedId === reply.id} onReply={comment.deleted ? undefined : startReply} />
          ))}
        </ol>
      )}
      {(showAll ? all.hasNextPage : hidden > 0) && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start text-accent"
          busy={all.isFetching}
          onClick={() => (showAll ? void all.fetchNextPage() : setShowAll(true))}
        >
          {showAll ? 'Show more replies' : `Show ${hidden} more ${hidden === 1 ? 'reply' : 'replies'}`}
        </Button>
      )}
      {all.isError && (
        <p role="alert" className="text-[13px] text-red-700">
          We couldn't load the replies. Please try again.
        </p>
      )}
      {replying && (
        <div className="mt-2">
          <CommentForm
            id={`reply-${comment.id}`}
            label="Your reply"
            submitLabel="Reply"
            busyLabel="Posting..."
            autoFocus
            failure="Reply not posted"
            onSubmit={async (body) => {
              await add.mutateAsync({ body, parentId: comment.id });
              setReplying(false);
            }}
            onCancel={() => setReplying(false)}
          />
        </div>
      )}
    </CommentItem>
  );
}

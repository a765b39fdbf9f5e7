// One comment or reply: who wrote it and when, its text (or why it is hidden or that it was
// deleted), and what the reader may do: Reply, Edit inline, Delete after a confirmation, Report.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { dateTime, initials, timeAgo } from '@shared/format';
import type { TReply } from '@shared/schemas/comment';
import { serverMessage } from '@/api/api-error';
import { useDeleteComment, useEditComment } from '@/api/comments';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Avatar } from '@/components/ui/avatar';
import { ReportButton } from '@/components/moderation/ReportButton';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { creatorPath } from '@/lib/paths';
import { CommentForm } from './CommentForm';
import { CommentText } from './CommentText';

/** The element id a `#comment-{id}` link scrolls to. */
export const commentAnchor = (id: number) => `comment-${id}`;

function nameInitials(name: string): string {
  const [first, ...rest] = name.split(' ');
  return initials({ firstName: first, lastName: rest.join(' ') });
}

interface CommentItemProps {
  comment: TReply;
  projectId: number;
  highlighted: boolean;
  /** Signed in and allowed to comment: the Reply button shows. */
  onReply?: () => void;
  /** Replies and the reply form, under the comment. */
  children?: ReactNode;
}

export function CommentItem({ comment, projectId, highlighted, onReply, children }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment(projectId);
  const remove = useDeleteComment(projectId);
  const author = comment.author;

  function confirmDelete() {
    remove.mutate(comment.id, {
      onSuccess: () => {
        setConfirming(false);
        toast('Comment deleted');
      },
      onError: (error) => toast.error('Delete failed', { description: serverMessage(error, 'Failed to delete the comment') }),
    });
  }

  return (
    <li id={commentAnchor(comment.id)} className="scroll-mt-24">
      <article
        aria-label={author ? `Comment by ${author.name}` : 'Deleted comment'}
        className={cn('flex gap-3 rounded-lg p-2 transition-colors duration-200', highlighted && 'bg-violet-50 ring-2 ring-accent')}
      >
        {author ? <Avatar src={author.profileImageUrl} name={author.name} initials={nameInitials(author.name)} size="sm" /> : <span className="h-8 w-8 shrink-0 rounded-full bg-zinc-200" aria-hidden />}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-[13px] text-zinc-600">
            {author && (
              <Link to={creatorPath(author.id)} className="rounded-sm text-sm font-medium text-ink hover:underline">
                {author.name}
              </Link>
            )}
            <time dateTime={comment.createdAt} title={dateTime(comment.createdAt)}>
              {timeAgo(comment.createdAt)}
            </time>
            {comment.editedAt && <span title={`Edited ${timeAgo(comment.editedAt)}`}>(edited)</span>}
          </p>
          {comment.moderation && (
            <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-[13px] text-amber-900">
              Hidden by a moderator: {comment.moderation.reason}
            </p>
          )}
          {editing ? (
            <CommentForm
              id={`edit-comment-${comment.id}`}
              label="Edit your comment"
              submitLabel="Save"
              busyLabel="Saving..."
              initialBody={comment.body}
              autoFocus
              failure="Comment not saved"
              onSubmit={async (body) => {
                await edit.mutateAsync({ id: comment.id, body });
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
            />
          ) : comment.deleted ? (
            <p className="text-sm text-zinc-600 italic">{comment.body}</p>
          ) : (
            <CommentText text={comment.body} />
          )}
          {!editing && !comment.deleted && (
            <div className="-ml-2 flex flex-wrap items-center gap-1" aria-label="Comment actions" role="group">
              {onReply && (
                <Button variant="ghost" size="sm" onClick={onReply}>
                  Reply
                </Button>
              )}
              {comment.canEdit && (
                <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
              {comment.canDelete && (
                <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)}>
                  Delete
                </Button>
              )}
              {author && <ReportButton targetType="comment" targetId={comment.id} label={`comment by ${author.name}`} ownerId={author.id} />}
            </div>
          )}
          {children}
        </div>
      </article>
      <AlertDialog open={confirming} onOpenChange={(open) => (!open && !remove.isPending ? setConfirming(false) : undefined)}>
        <ConfirmDialogContent
          title="Delete this comment?"
          description="It will be removed for everyone. This can't be undone."
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete Comment'}
          busy={remove.isPending}
          onConfirm={confirmDelete}
        />
      </AlertDialog>
    </li>
  );
}

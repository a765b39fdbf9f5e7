// A comment row as the API shows it to one viewer.
import { DELETED_COMMENT_TEXT, type TComment, type TCommentAuthor, type TReply } from '../../../shared/schemas/comment';
import type { CommentRow } from '../../db/schema';

/** Who is reading, and whose project the comments are on: what they may do to each comment. */
export interface TCommentViewer {
  userId: number | null;
  staff: boolean;
  projectOwnerId: number;
}

export function toReply(row: CommentRow, author: TCommentAuthor | undefined, viewer: TCommentViewer): TReply {
  const deleted = row.deleted_at !== null;
  const isAuthor = viewer.userId !== null && viewer.userId === row.author_id;
  const mayDelete = isAuthor || viewer.staff || viewer.userId === viewer.projectOwnerId;
  const seesModeration = row.hidden_at !== null && (isAuthor || viewer.staff);
  return {
    id: row.id,
    projectId: row.project_id,
    parentId: row.parent_id,
    body: deleted ? DELETED_COMMENT_TEXT : row.body,
    author: deleted ? null : (author ?? null),
    createdAt: row.created_at,
    editedAt: deleted ? null : row.edited_at,
    deleted,
    moderation: seesModeration ? { hidden: true, reason: row.hidden_reason ?? '', at: row.hidden_at! } : null,
    canEdit: !deleted && isAuthor,
    canDelete: !deleted && mayDelete,
  };
}

export function toComment(row: CommentRow, author: TCommentAuthor | undefined, viewer: TCommentViewer, replies: TReply[]): TComment {
  return { ...toReply(row, author, viewer), replyCount: row.reply_count, replies };
}

// Comments on projects (one level of replies) and blocks between members.
import { z } from 'zod';
import { COMMENTS_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { ZId, ZIdParam, ZPageQuery, ZTimestamp } from './common';
import { ZModerationNote } from './moderation';

export const COMMENT_MAX_LENGTH = 2000;
/** Replies shown under each comment of a list; `GET /api/comments/{id}/replies` pages the rest. */
export const REPLIES_SHOWN = 3;
/** Members one member may block. */
export const MAX_BLOCKS = 1000;
/** What a deleted comment that still has replies says instead of its text. */
export const DELETED_COMMENT_TEXT = 'This comment was deleted.';

/** Plain text, trimmed: what the form checks and the server stores. */
const ZCommentBody = z
  .string({ error: 'Please write a comment' })
  .trim()
  .min(1, 'Please write a comment')
  .max(COMMENT_MAX_LENGTH, 'Comments can be up to 2,000 characters');

/** POST /api/projects/{id}/comments: a reply names its top-level comment (a reply's id answers as its top-level comment's). */
export const ZCreateCommentRequest = z.object({ body: ZCommentBody, parentId: ZId.nullish() });
export type TCreateCommentRequest = z.input<typeof ZCreateCommentRequest>;

/** PATCH /api/comments/{id} */
export const ZUpdateCommentRequest = z.object({ body: ZCommentBody });
export type TUpdateCommentRequest = z.input<typeof ZUpdateCommentRequest>;

/** The comment form (new comment, reply and edit alike). */
export const ZCommentForm = ZUpdateCommentRequest;
export type TCommentForm = z.input<typeof ZCommentForm>;

export const ZCommentsQuery = ZPageQuery.extend({ limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(COMMENTS_PAGE_SIZE) });
export type TCommentsQuery = z.output<typeof ZCommentsQuery>;

/** A project's comments; `focus` (a `#comment-{id}` link's) adds that reply to its thread on the page even past the first few. */
export const ZProjectCommentsQuery = ZCommentsQuery.extend({ focus: ZIdParam.optional() });
export type TProjectCommentsQuery = z.output<typeof ZProjectCommentsQuery>;

/** Who wrote a comment: what anyone may see. */
export const ZCommentAuthor = z.object({ id: ZId, name: z.string(), profileImageUrl: z.string().nullable() }).meta({ id: 'CommentAuthor' });
export type TCommentAuthor = z.output<typeof ZCommentAuthor>;

const commentFields = {
  id: ZId,
  projectId: ZId,
  /** The top-level comment of a reply; null for a top-level comment. */
  parentId: ZId.nullable(),
  /** Plain text; DELETED_COMMENT_TEXT once deleted. */
  body: z.string(),
  /** Null once deleted. */
  author: ZCommentAuthor.nullable(),
  createdAt: ZTimestamp,
  editedAt: ZTimestamp.nullable(),
  deleted: z.boolean(),
  /** Set for the author and staff while a moderator hides it (everyone else does not see it). */
  moderation: ZModerationNote.nullable(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
};

export const ZReply = z.object(commentFields).meta({ id: 'CommentReply' });
export type TReply = z.output<typeof ZReply>;

/** A top-level comment with its first replies (REPLIES_SHOWN) and how many it has. */
export const ZComment = z
  .object({ ...commentFields, replyCount: z.number().int(), replies: z.array(ZReply) })
  .meta({ id: 'Comment' });
export type TComment = z.output<typeof ZComment>;

export const ZCommentList = z.array(ZComment);
export const ZReplyList = z.array(ZReply);

/** What POST answers: the new comment (replies answer with an empty `replies`). */
export const ZCreatedComment = ZComment;

/** GET /api/blocks: a member the viewer blocked. */
export const ZBlockedMember = z.object({ user: ZCommentAuthor, blockedAt: ZTimestamp }).meta({ id: 'BlockedMember' });
export type TBlockedMember = z.output<typeof ZBlockedMember>;
export const ZBlockedMemberList = z.array(ZBlockedMember);

/** POST/DELETE /api/users/{id}/block */
export const ZBlockState = z.object({ blocked: z.boolean() });
export type TBlockState = z.output<typeof ZBlockState>;

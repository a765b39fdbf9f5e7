// Comments on projects with one level of replies: reading (what each viewer may see and do),
// writing (who may comment, edit, delete), and what moderation does to a comment. A project's
// comment count and a comment's reply count move in the transaction that changes what they count.
import { REPLIES_SHOWN, type TComment, type TCommentAuthor, type TCommentsQuery, type TProjectCommentsQuery, type TCreateCommentRequest, type TReply, type TUpdateCommentRequest } from '../../../shared/schemas/comment';
import type { TReportedTarget } from '../../../shared/schemas/moderation';
import { isStaff, type TRole } from '../../../shared/roles';
import { inTransaction, invalidateAfterCommit, type TContext } from '../../context';
import type { CommentRow } from '../../db/schema';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { decodeCursor, toPage, type TPage } from '../../http/paging';
import { changedByComment } from '../../lib/cache-tags';
import { memberNames, publicMembers } from '../accounts/accounts.service';
import { isProjectVisibleTo, moveCommentCounts, projectSummary } from '../projects/projects.service';
import { notifyNewComment } from '../notifications/notifications.service';
import { blockedIdsOf, isBlockedBy } from '../social/blocks.service';
import { toComment, toReply, type TCommentViewer } from './comment.presenter';
import {
  countsWithdrawnBy,
  findComment,
  firstRepliesOf,
  hideCommentRow,
  insertComment,
  listRepliesPage,
  listTopLevelPage,
  markCommentDeleted,
  moveReplyCount,
  restoreCommentRow,
  updateCommentBody,
  type TCommentReader,
} from './comments.repo';

export const CANNOT_COMMENT = 'You cannot comment on this project';
const COMMENT_NOT_FOUND = 'Comment not found';
/** How much of a comment's text names it in the report queue. */
const LABEL_LENGTH = 80;

/** Who acts: a signed-in member with their role, or null for a visitor. */
export type TCommenter = { id: number; role: TRole } | null;

/** What a new comment means to others: enough for a notification without another query. */
export interface TNewCommentEvent {
  commentId: number;
  authorId: number;
  projectId: number;
  projectSlug: string;
  projectTitle: string;
  projectOwnerId: number;
  /** For a reply: its top-level comment and that comment's author. */
  parentId: number | null;
  parentAuthorId: number | null;
}

async function readerOf(ctx: TContext, who: TCommenter): Promise<TCommentReader> {
  return { userId: who?.id ?? null, staff: who !== null && isStaff(who.role), blockedIds: await blockedIdsOf(ctx, who?.id ?? null) };
}

/** The project, or 404 when there is none, or when it is hidden from this member or visitor (a moderator's hide, a suspended creator). */
async function existingProject(ctx: TContext, projectId: number, who: TCommenter = null) {
  const project = await projectSummary(ctx, projectId);
  if (!project || !(await isProjectVisibleTo(ctx, projectId, { userId: who?.id ?? null, staff: who ? isStaff(who.role) : false }))) throw notFound('Project not found');
  return project;
}

async function authorsOf(ctx: TContext, rows: CommentRow[]): Promise<Map<number, TCommentAuthor>> {
  const members = await publicMembers(ctx, rows.map((row) => row.author_id));
  return new Map([...members].map(([id, member]) => [id, { id, name: member.name, profileImageUrl: member.profileImageUrl }]));
}

/** Whether this reader may see this comment at all (deleted ones aside). */
function readable(row: CommentRow, reader: TCommentReader): boolean {
  if (reader.blockedIds.includes(row.author_id)) return false;
  return row.hidden_at === null || reader.staff || reader.userId === row.author_id;
}

/**
 * A project's top-level comments, newest first: a new comment shows at the top, where its
 * writer is, and an active thread does not push the latest conversation to the last page.
 * Each comes with its first replies (oldest first) and its reply count, and the focused reply
 * (a notification's or report's link) in its thread even when it is not among the first.
 */
export async function listComments(ctx: TContext, projectId: number, who: TCommenter, query: TProjectCommentsQuery): Promise<TPage<TComment>> {
  const project = await existingProject(ctx, projectId, who);
  const reader = await readerOf(ctx, who);
  const viewer: TCommentViewer = { userId: reader.userId, staff: reader.staff, projectOwnerId: project.creatorId };
  const rows = await listTopLevelPage(ctx.db, { projectId, reader, limit: query.limit, after: decodeCursor(query.cursor) });
  return toPage(
    rows,
    query.limit,
    (row) => [row.created_at, row.id],
    async (pageRows) => {
      const replies = await firstRepliesOf(
        ctx.db,
        pageRows.filter((row) => row.reply_count > 0).map((row) => row.id),
        REPLIES_SHOWN,
        reader,
      );
      const focused = query.focus === undefined ? undefined : await findComment(ctx.db, query.focus);
      const inThread = focused?.parent_id != null && pageRows.some((row) => row.id === focused.parent_id);
      if (focused && inThread && focused.deleted_at === null && readable(focused, reader) && !replies.some((reply) => reply.id === focused.id)) replies.push(focused);
      const authors = await authorsOf(ctx, [...pageRows, ...replies]);
      return pageRows.map((row) =>
        toComment(
          row,
          authors.get(row.author_id),
          viewer,
          replies.filter((reply) => reply.parent_id === row.id).map((reply) => toReply(reply, authors.get(reply.author_id), viewer)),
        ),
      );
    },
  );
}

/** The replies of a top-level comment, oldest first (the list shows the first REPLIES_SHOWN). */
export async function listReplies(ctx: TContext, commentId: number, who: TCommenter, query: TCommentsQuery): Promise<TPage<TReply>> {
  const parent = await findComment(ctx.db, commentId);
  const reader = await readerOf(ctx, who);
  if (!parent || parent.parent_id !== null || !readable(parent, reader)) throw notFound(COMMENT_NOT_FOUND);
  const project = await existingProject(ctx, parent.project_id, who);
  const viewer: TCommentViewer = { userId: reader.userId, staff: reader.staff, projectOwnerId: project.creatorId };
  const rows = await listRepliesPage(ctx.db, { parentId: parent.id, reader, limit: query.limit, after: decodeCursor(query.cursor) });
  return toPage(
    rows,
    query.limit,
    (row) => [row.created_at, row.id],
    async (pageRows) => {
      const authors = await authorsOf(ctx, pageRows);
      return pageRows.map((row) => toReply(row, authors.get(row.author_id), viewer));
    },
  );
}

/**
 * The top-level comment a reply goes under: a reply to a reply joins its top-level comment's
 * replies (one level, as the page shows them), so the Reply button works on replies too.
 */
async function threadOf(ctx: Pick<TContext, 'db'>, projectId: number, parentId: number): Promise<CommentRow> {
  const named = await findComment(ctx.db, parentId);
  const top = named?.parent_id ? await findComment(ctx.db, named.parent_id) : named;
  if (!top || top.project_id !== projectId || top.deleted_at !== null || top.hidden_at !== null) throw invalidField('parentId', COMMENT_NOT_FOUND);
  return top;
}

/**
 * A new comment or reply. Refused (403) on the project of a creator who blocked the author.
 * Answers the comment and what it means to others; the project owner and the parent's author are notified in its transaction.
 */
export async function addComment(ctx: TContext, author: { id: number; role: TRole }, projectId: number, input: TCreateCommentRequest): Promise<{ comment: TComment; event: TNewCommentEvent }> {
  const project = await existingProject(ctx, projectId, author);
  if (await isBlockedBy(ctx, project.creatorId, author.id)) throw forbidden(CANNOT_COMMENT);
  const body = input.body.trim();
  return inTransaction(ctx, async (tx) => {
    const parent = input.parentId ? await threadOf(tx, projectId, input.parentId) : null;
    const row = await insertComment(tx.db, { projectId, authorId: author.id, parentId: parent?.id ?? null, body, now: ctx.now().toISOString() });
    if (parent) await moveReplyCount(tx.db, parent.id, 1);
    await moveCommentCounts(tx, new Map([[projectId, 1]]));
    invalidateAfterCommit(tx, changedByComment({ projectId }));
    const authors = await authorsOf(tx, [row]);
    const viewer: TCommentViewer = { userId: author.id, staff: isStaff(author.role), projectOwnerId: project.creatorId };
    const event: TNewCommentEvent = {
      commentId: row.id,
      authorId: author.id,
      projectId,
      projectSlug: project.slug,
      projectTitle: project.title,
      projectOwnerId: project.creatorId,
      parentId: parent?.id ?? null,
      parentAuthorId: parent?.author_id ?? null,
    };
    await notifyNewComment(tx, event, body);
    return { comment: toComment(row, authors.get(author.id), viewer, []), event };
  });
}

/** A comment the member can see (deleted ones are gone for good), else 404. */
async function visibleComment(ctx: TContext, who: { id: number; role: TRole }, commentId: number): Promise<CommentRow> {
  const row = await findComment(ctx.db, commentId);
  if (!row || row.deleted_at !== null || !readable(row, { userId: who.id, staff: isStaff(who.role), blockedIds: [] })) throw notFound(COMMENT_NOT_FOUND);
  return row;
}

/** The author changes the text; the comment says it was edited. */
export async function editComment(ctx: TContext, who: { id: number; role: TRole }, commentId: number, input: TUpdateCommentRequest): Promise<TReply> {
  const row = await visibleComment(ctx, who, commentId);
  if (row.author_id !== who.id) throw forbidden('Only the author can edit this comment');
  const project = await existingProject(ctx, row.project_id);
  const updated = await updateCommentBody(ctx.db, row.id, input.body.trim(), ctx.now().toISOString());
  invalidateAfterCommit(ctx, changedByComment({ projectId: row.project_id }));
  const authors = await authorsOf(ctx, [updated]);
  return toReply(updated, authors.get(updated.author_id), { userId: who.id, staff: isStaff(who.role), projectOwnerId: project.creatorId });
}

/** By its author, the project's creator (on their own project) or staff. */
export async function deleteComment(ctx: TContext, who: { id: number; role: TRole }, commentId: number): Promise<void> {
  const row = await visibleComment(ctx, who, commentId);
  if (row.author_id !== who.id && !isStaff(who.role)) {
    const project = await existingProject(ctx, row.project_id);
    if (project.creatorId !== who.id) throw forbidden('You cannot delete this comment');
  }
  await removeComment(ctx, row);
}

/** Marks it deleted; a visible comment leaves the counts. */
async function removeComment(ctx: TContext, row: CommentRow): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const deleted = await markCommentDeleted(tx.db, row.id, ctx.now().toISOString());
    if (!deleted || deleted.hidden_at !== null) return;
    await leaveCounts(tx, deleted, -1);
  });
}

/** A comment entering (+1) or leaving (-1) what others see: its project's count, and its thread's. */
async function leaveCounts(tx: TContext, row: CommentRow, delta: 1 | -1): Promise<void> {
  if (row.parent_id !== null) await moveReplyCount(tx.db, row.parent_id, delta);
  await moveCommentCounts(tx, new Map([[row.project_id, delta]]));
  invalidateAfterCommit(tx, changedByComment({ projectId: row.project_id }));
}

// ——— For moderation (reports and the moderator's actions) ———

/** What the report queue shows of a comment; null when there is no such comment. */
export async function describeComment(ctx: TContext, commentId: number): Promise<TReportedTarget | null> {
  const row = await findComment(ctx.db, commentId);
  if (!row) return null;
  const project = await projectSummary(ctx, row.project_id);
  const names = await memberNames(ctx, [row.author_id]);
  const deleted = row.deleted_at !== null;
  const text = row.body.replace(/\s+/g, ' ');
  return {
    type: 'comment',
    id: row.id,
    label: deleted ? '(deleted)' : text.length > LABEL_LENGTH ? `${text.slice(0, LABEL_LENGTH - 1)}…` : text,
    url: deleted || !project ? null : `/project/${project.slug}#comment-${row.id}`,
    owner: { id: row.author_id, name: names.get(row.author_id) ?? '' },
    hidden: row.hidden_at !== null,
    deleted,
  };
}

/**
 * Hides a comment from everyone but its author and staff; the author sees 'Hidden by a
 * moderator: {reason}'. Hiding it again changes the reason. False when there is no such comment.
 */
export async function hideComment(ctx: TContext, commentId: number, reason: string): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const row = await findComment(tx.db, commentId);
    if (!row) return false;
    if ((await hideCommentRow(tx.db, row.id, reason, ctx.now().toISOString())) && row.deleted_at === null) await leaveCounts(tx, row, -1);
    return true;
  });
}

/** Undoes a hide. False when there is no such comment. */
export async function restoreComment(ctx: TContext, commentId: number): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const row = await findComment(tx.db, commentId);
    if (!row) return false;
    if ((await restoreCommentRow(tx.db, row.id, ctx.now().toISOString())) && row.deleted_at === null) await leaveCounts(tx, row, 1);
    return true;
  });
}

/** A moderator deletes it (shown as deleted while it has replies). False when there is no such comment. */
export async function deleteCommentByModerator(ctx: TContext, commentId: number): Promise<boolean> {
  const row = await findComment(ctx.db, commentId);
  if (!row) return false;
  await removeComment(ctx, row);
  return true;
}

/**
 * Before a member's comments vanish with their account (cascades, with the replies under their
 * top-level comments), others' counters lose them. Run inside the deletion's transaction.
 */
export async function withdrawCommentsBy(ctx: TContext, userId: number): Promise<void> {
  const { perProject, perParent } = await countsWithdrawnBy(ctx.db, userId);
  for (const [parentId, count] of perParent) await moveReplyCount(ctx.db, parentId, -count);
  await moveCommentCounts(ctx, new Map([...perProject].map(([projectId, count]) => [projectId, -count])));
  if (perProject.size) invalidateAfterCommit(ctx, [...perProject.keys()].flatMap((projectId) => changedByComment({ projectId })));
}

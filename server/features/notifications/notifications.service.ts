// Notifications: what other modules call when something happens to a member's work (notify),
// the bell's list and count, the e-mail settings, the daily digest and one-click unsubscribe.
import { randomBytes } from 'node:crypto';
import { DAY_MS, DIGEST_HOUR_UTC } from '../../../shared/constants';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  EMAIL_TYPES,
  type TEmailType,
  type TNotificationList,
  type TNotificationSettings,
  type TNotificationType,
  type TUnsubscribed,
  type TUnsubscribeQuery,
} from '../../../shared/schemas/notification';
import { inTransaction, type TContext } from '../../context';
import type { NotificationSettingsRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { decodeCursor, toPage } from '../../http/paging';
import { inBatches, type TBatchOptions } from '../../lib/in-batches';
import { mailAddressOf } from '../accounts/accounts.service';
import { isBlockedBy } from '../social/blocks.service';
import { queueMail } from '../messages/outbox.service';
import { composeDigestMail, composeEventMail, unsubscribeFooter, unsubscribeHeaders, withFooter } from './notification-mail';
import { toNotification, type TNotificationData } from './notification.presenter';
import {
  claimDigest,
  countUnreadNotifications,
  deleteNotificationsBefore,
  deleteNotificationsBeyond,
  findNotificationView,
  findSettings,
  findSettingsByToken,
  insertSettingsOnce,
  listDueDigests,
  listNotificationsBetween,
  listNotificationsPage,
  markNotificationsRead,
  scheduleDigest,
  updateSettings,
  upsertNotification,
} from './notifications.repo';

/** Rows kept per member: older ones go when a new one arrives. */
export const KEEP_NOTIFICATIONS = 500;
/** Notifications untouched this long are deleted by the housekeeping task. */
export const KEEP_NOTIFICATIONS_DAYS = 90;
/** A listing's owner is told this long before it ends. */
const BATCH = 200;
/** A digest lists at most this many events (the rest are on /notifications). */
const DIGEST_ITEMS = 50;
const EXCERPT_LENGTH = 200;

type TNotifyContext = Pick<TContext, 'db' | 'config' | 'now'>;

/** Something that happened to `userId`'s work, by `actorId` (null: a visitor or the site). */
export interface TNotifyEvent {
  userId: number;
  type: TNotificationType;
  actorId: number | null;
  projectId?: number | null;
  jobId?: number | null;
  commentId?: number | null;
  messageId?: number | null;
  data?: TNotificationData;
}

/** A hire message's own e-mail (its sender as Reply-To), sent by the member's hire setting. */
export interface TEventMail {
  subject: string;
  text: string;
  replyTo: { name: string | null; address: string } | null;
}

/** Unread events of these types share one row: 'Ada and 3 others liked Solar Bloom'. */
function groupKeyOf(event: TNotifyEvent): string | null {
  if (event.type === 'like') return `like:${event.projectId}`;
  if (event.type === 'follow') return `follow:${event.actorId}`;
  return null;
}

const isEmailType = (type: TNotificationType): type is TEmailType => (EMAIL_TYPES as readonly string[]).includes(type);

/**
 * Records the notification (grouped with an unread one of its kind) and, for hire messages,
 * comments and replies, sends or schedules its e-mail as the member chose. Called inside the
 * transaction of what it tells about, so both happen or neither. Never about one's own doing.
 */
export async function notify(ctx: TNotifyContext, event: TNotifyEvent, mail?: TEventMail): Promise<void> {
  if (event.actorId !== null && event.actorId === event.userId) return;
  // A member someone blocked does not reach them this way either (a like, say).
  if (await isBlockedBy(ctx, event.userId, event.actorId)) return;
  const now = ctx.now();
  const saved = await upsertNotification(ctx.db, {
    userId: event.userId,
    type: event.type,
    actorId: event.actorId,
    projectId: event.projectId ?? null,
    jobId: event.jobId ?? null,
    messageId: event.messageId ?? null,
    commentId: event.commentId ?? null,
    groupKey: groupKeyOf(event),
    data: event.data ? JSON.stringify(event.data) : null,
    now,
  });
  if (saved.created) await deleteNotificationsBeyond(ctx.db, event.userId, KEEP_NOTIFICATIONS);
  if (isEmailType(event.type)) await mailEvent(ctx, { ...event, type: event.type, notificationId: saved.id, at: now }, mail);
}

/** The e-mail of a recorded event (its notification's id, the time it was recorded at), as the member chose. */
async function mailEvent(ctx: TNotifyContext, event: TNotifyEvent & { type: TEmailType; notificationId: number; at: Date }, mail: TEventMail | undefined): Promise<void> {
  const { type, at: now } = event;
  const settings = await settingsRow(ctx, event.userId);
  if (settings[type] === 'off') return;
  if (settings[type] === 'digest') {
    await scheduleDigest(ctx.db, event.userId, nextDigestAt(now), new Date(now.getTime() - 1));
    return;
  }
  const to = await mailAddressOf(ctx, event.userId);
  if (!to) return;
  const site = ctx.config;
  let composed = mail;
  if (!composed) {
    const view = await findNotificationView(ctx.db, event.notificationId);
    if (!view) return;
    composed = { ...composeEventMail(site, toNotification(view), event.data?.excerpt), replyTo: null };
  }
  await queueMail(ctx, {
    messageId: event.messageId ?? null,
    to,
    replyTo: composed.replyTo,
    subject: composed.subject,
    text: withFooter(composed.text, unsubscribeFooter(site, settings.unsubscribe_token, type)),
    headers: unsubscribeHeaders(site, settings.unsubscribe_token, type),
    now,
  });
}

/** A new comment or reply, as the comments module describes it. */
export interface TCommentEvent {
  commentId: number;
  authorId: number;
  projectId: number;
  projectOwnerId: number;
  /** For a reply: the author of the comment it answers. */
  parentAuthorId: number | null;
}

/**
 * Tells the project's owner of a comment, and the parent's author of a reply. An owner whose
 * own comment was answered hears it once, as a reply.
 */
export async function notifyNewComment(ctx: TNotifyContext, event: TCommentEvent, body: string): Promise<void> {
  const about = { actorId: event.authorId, projectId: event.projectId, commentId: event.commentId, data: { excerpt: excerptOf(body) } };
  if (event.parentAuthorId !== null) await notify(ctx, { ...about, userId: event.parentAuthorId, type: 'reply' });
  if (event.parentAuthorId !== event.projectOwnerId) await notify(ctx, { ...about, userId: event.projectOwnerId, type: 'comment' });
}

/** The start of a comment, for its e-mail. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

/** The next digest time (DIGEST_HOUR_UTC) after `now`: one digest a day at most. */
export function nextDigestAt(now: Date): Date {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  return today.getTime() > now.getTime() ? today : new Date(today.getTime() + DAY_MS);
}

/** The member's settings row, made with the defaults (and a new unsubscribe token) the first time. */
async function settingsRow(ctx: Pick<TContext, 'db' | 'now'>, userId: number): Promise<NotificationSettingsRow> {
  const found = await findSettings(ctx.db, userId);
  if (found) return found;
  await insertSettingsOnce(ctx.db, userId, randomBytes(24).toString('base64url'), ctx.now());
  const made = await findSettings(ctx.db, userId);
  if (!made) throw new Error(`no notification settings for member ${userId}`);
  return made;
}

export async function listNotifications(ctx: TContext, userId: number, page: { limit: number; cursor?: string | undefined }): Promise<TNotificationList> {
  const [rows, unread] = await Promise.all([listNotificationsPage(ctx.db, userId, page.limit, decodeCursor(page.cursor)), countUnreadNotifications(ctx.db, userId)]);
  const { items, nextCursor } = await toPage(rows, page.limit, (row) => [row.updated_at, row.id], (pageRows) => pageRows.map(toNotification));
  return { items, unread, nextCursor };
}

export async function unreadNotifications(ctx: TContext, userId: number): Promise<{ unread: number }> {
  return { unread: await countUnreadNotifications(ctx.db, userId) };
}

/** Marks these (only the member's own) or all read; answers what is still unread. */
export async function markRead(ctx: TContext, userId: number, ids: number[] | undefined): Promise<{ unread: number }> {
  await markNotificationsRead(ctx.db, userId, ids, ctx.now());
  return unreadNotifications(ctx, userId);
}

export async function notificationSettings(ctx: TContext, userId: number): Promise<TNotificationSettings> {
  const row = await findSettings(ctx.db, userId);
  return row ? { hire: row.hire, comment: row.comment, reply: row.reply } : { ...DEFAULT_NOTIFICATION_SETTINGS };
}

export async function saveNotificationSettings(ctx: TContext, userId: number, settings: TNotificationSettings): Promise<TNotificationSettings> {
  await settingsRow(ctx, userId);
  await updateSettings(ctx.db, userId, settings, ctx.now());
  return notificationSettings(ctx, userId);
}

/** The one-click unsubscribe: the link's token names the member; the type (or every digest type) is turned off. */
export async function unsubscribe(ctx: TContext, query: TUnsubscribeQuery): Promise<TUnsubscribed> {
  const row = await findSettingsByToken(ctx.db, query.token);
  if (!row) throw notFound('This unsubscribe link is not valid');
  const off = query.type === 'digest' ? EMAIL_TYPES.filter((type) => row[type] === 'digest') : [query.type];
  if (off.length) await updateSettings(ctx.db, row.user_id, Object.fromEntries(off.map((type) => [type, 'off'])), ctx.now());
  return { ok: true, type: query.type };
}

/** The member's unsubscribe token (made with their settings if need be): tests and tools that build a link. */
export async function unsubscribeTokenOf(ctx: Pick<TContext, 'db' | 'now'>, userId: number): Promise<string> {
  return (await settingsRow(ctx, userId)).unsubscribe_token;
}

type TTaskContext = Pick<TContext, 'db' | 'engine' | 'config' | 'now'>;

/** Sends each due digest once: the day's hire messages, comments and replies the member gets as a digest. */
export async function sendDueDigests(ctx: TTaskContext, options: TBatchOptions = {}): Promise<number> {
  let sent = 0;
  await inBatches(BATCH, options, async (size) => {
    const due = await listDueDigests(ctx.db, ctx.now(), size);
    for (const { user_id: userId, digest_due_at: dueAt } of due) {
      if (dueAt !== null && (await sendDigest(ctx, userId, dueAt))) sent += 1;
    }
    return due.length;
  });
  return sent;
}

async function sendDigest(ctx: TTaskContext, userId: number, dueAt: string): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const now = ctx.now();
    const settings = await claimDigest(tx.db, userId, dueAt, now);
    if (!settings) return false;
    const types = EMAIL_TYPES.filter((type) => settings[type] === 'digest');
    const to = await mailAddressOf(tx, userId);
    if (!types.length || !to) return false;
    const since = new Date(settings.digest_since ?? now.toISOString());
    const rows = await listNotificationsBetween(tx.db, userId, types, since, now, DIGEST_ITEMS + 1);
    if (!rows.length) return false;
    const site = ctx.config;
    const mail = composeDigestMail(site, rows.slice(0, DIGEST_ITEMS).map(toNotification), rows.length > DIGEST_ITEMS);
    await queueMail(tx, {
      messageId: null,
      to,
      replyTo: null,
      subject: mail.subject,
      text: withFooter(mail.text, unsubscribeFooter(site, settings.unsubscribe_token, 'digest')),
      headers: unsubscribeHeaders(site, settings.unsubscribe_token, 'digest'),
      now,
    });
    return true;
  });
}

/** Deletes notifications untouched for KEEP_NOTIFICATIONS_DAYS. */
export function pruneOldNotifications(ctx: Pick<TContext, 'db' | 'engine' | 'now'>, options: TBatchOptions = {}): Promise<number> {
  const before = new Date(ctx.now().getTime() - KEEP_NOTIFICATIONS_DAYS * DAY_MS);
  return inBatches(BATCH, options, (size) => deleteNotificationsBefore(ctx.db, ctx.engine, before, size));
}

// Contact messages: a visitor's hire request to a creator, or a support or career message to
// the site. Each is stored and its e-mail queued in one transaction; the creator reads theirs
// in the inbox, where only they can see them.
import { CAREERS_RECIPIENT, SUPPORT_RECIPIENT, type TContactRequest, type TInboxMessage, type TUnreadCount } from '../../../shared/schemas/contact';
import { inTransaction, type TContext } from '../../context';
import type { TMessageKind } from '../../db/schema';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { decodeCursor, toPage, type TPage } from '../../http/paging';
import type { TThrottle } from '../../http/rate-limit';
import { mailAddressOf } from '../accounts/accounts.service';
import { projectSummary } from '../projects/projects.service';
import { notify } from '../notifications/notifications.service';
import { isBlockedBy } from '../social/blocks.service';
import { composeContactMail } from './contact-mail';
import { toInboxMessage } from './message.presenter';
import { countUnread, findMessageOf, insertMessage, listInboxPage, markMessageRead } from './messages.repo';
import { queueMail } from './outbox.service';

/** Per IP: enough for a person writing to a few creators, too few for a spammer. */
/** Contact messages one address may send per 10 minutes (CONTACT_MESSAGES_PER_IP). */
export const contactIpRule = (points: number) => ({ name: 'contact-ip', points, durationSeconds: 10 * 60 });

/** A signed-in member the creator blocked (a visitor is not known, so not refused). */
export const CANNOT_MESSAGE = 'You cannot message this member';

export interface TMessagesContext extends TContext {
  /** Called after a message's e-mail is committed to the outbox (the in-process worker's kick). */
  mailQueued: () => void;
}

function kindOf(recipientId: TContactRequest['recipientId']): TMessageKind {
  if (recipientId === SUPPORT_RECIPIENT) return 'support';
  if (recipientId === CAREERS_RECIPIENT) return 'careers';
  return 'hire';
}

/**
 * Stores the message and queues its e-mail together: both or neither. A filled honeypot
 * (a bot) gets the same answer as a person, and nothing is stored or sent.
 */
export async function sendContactMessage(ctx: TMessagesContext, throttle: TThrottle, input: TContactRequest, sender: { ip: string; memberId: number | null }): Promise<void> {
  await throttle.take(sender.ip);
  if (input.website?.trim()) return;

  const kind = kindOf(input.recipientId);
  // NUL characters are already gone (server/http/drop-nul.ts); what is left must not be blank.
  const text = {
    name: input.name.trim(),
    subject: input.subject === null ? null : input.subject.trim() || null,
    message: input.message.trim(),
    projectTitle: input.projectTitle === null ? null : input.projectTitle.trim() || null,
  };
  if (!text.name) throw invalidField('name', 'Name is required');
  if (!text.message) throw invalidField('message', 'Message is required');
  await inTransaction(ctx, async (tx) => {
    const recipientId = typeof input.recipientId === 'number' ? input.recipientId : null;
    if (recipientId !== null && (await isBlockedBy(tx, recipientId, sender.memberId))) throw forbidden(CANNOT_MESSAGE);
    // The creator's address goes to the mail server only, never back to the sender.
    const recipientAddress = recipientId === null ? undefined : await mailAddressOf(tx, recipientId);
    if (kind === 'hire' && !recipientAddress) throw notFound('Creator not found');
    const project = input.projectId === null ? null : await projectSummary(tx, input.projectId);
    if (input.projectId !== null && !project) throw invalidField('projectId', 'Project not found');
    // A hire message names one of the creator's own projects: no linking someone else's work.
    if (project && recipientAddress && project.creatorId !== recipientId) throw invalidField('projectId', 'Project not found');

    const now = ctx.now();
    const message = await insertMessage(tx.db, {
      recipientId: recipientAddress ? recipientId : null,
      kind,
      senderName: text.name,
      senderEmail: input.email,
      subject: text.subject,
      body: text.message,
      projectId: project?.id ?? null,
      projectTitle: project?.title ?? text.projectTitle,
      now,
    });
    const mail = composeContactMail({
      kind,
      senderName: text.name,
      senderEmail: input.email,
      subject: text.subject,
      message: text.message,
      project: project ? { id: project.id, title: project.title } : null,
      projectTitle: text.projectTitle,
      siteName: ctx.config.siteName,
      publicUrl: ctx.config.publicUrl,
    });
    const replyTo = { name: text.name, address: input.email };
    // A creator's hire message is also a notification, and its e-mail follows their hire setting.
    if (recipientId !== null && recipientAddress) {
      await notify(tx, { userId: recipientId, type: 'hire', actorId: null, messageId: message.id, data: { name: text.name } }, { ...mail, replyTo });
      return;
    }
    await queueMail(tx, { messageId: message.id, to: ctx.config.mail.supportEmail, replyTo, subject: mail.subject, text: mail.text, now });
  });
  ctx.mailQueued();
}

export async function listInbox(ctx: TContext, userId: number, page: { limit: number; cursor?: string | undefined }): Promise<TPage<TInboxMessage>> {
  const rows = await listInboxPage(ctx.db, userId, page.limit, decodeCursor(page.cursor));
  return toPage(rows, page.limit, (row) => [row.created_at, row.id], async (pageRows) => pageRows.map(toInboxMessage));
}

export async function countUnreadMessages(ctx: TContext, userId: number): Promise<TUnreadCount> {
  return { count: await countUnread(ctx.db, userId) };
}

/** Someone else's message answers exactly like a missing one. */
export async function readMessage(ctx: TContext, userId: number, messageId: number): Promise<TInboxMessage> {
  const row = await findMessageOf(ctx.db, userId, messageId);
  if (!row) throw notFound('Message not found');
  return toInboxMessage(row);
}

export async function markRead(ctx: TContext, userId: number, messageId: number): Promise<TInboxMessage> {
  const row = await markMessageRead(ctx.db, userId, messageId, ctx.now());
  if (!row) throw notFound('Message not found');
  return toInboxMessage(row);
}

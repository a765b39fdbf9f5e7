// The durable outbox: an e-mail is queued in the same transaction as what it tells about, and
// delivered by a worker that claims one row at a time, retries with backoff and records the
// outcome — so a message is never lost to a mail server that is down, and is sent once.
import { DAY_MS, HOUR_MS } from '../../../shared/constants';
import type { TMailer } from '../../adapters/mail/mailer';
import type { TContext } from '../../context';
import type { OutboxRow } from '../../db/schema';
import { doublingDelayMs } from '../../lib/backoff';
import { claimNextMail, deleteSentMailBefore, insertOutboxMail, markMailFailed, markMailSent, releaseClaims, type TNewOutboxMail } from './outbox.repo';

/** A worker's hold on a row; every send ends well before it (see smtp-mailer.ts timeouts). */
export const CLAIM_LEASE_MS = 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = HOUR_MS;
/** 30 s doubling to 1 h, then hourly: about two days of trying before an operator must look. */
export const MAX_ATTEMPTS = 50;
/** Sent e-mails are kept this long (they repeat a message's text and addresses), then deleted. */
export const KEEP_SENT_MAIL_MS = 30 * DAY_MS;

type TOutboxContext = Pick<TContext, 'db' | 'engine' | 'now'>;

/** Queues an e-mail; inside a transaction it is sent only if that commits. */
export function queueMail(ctx: Pick<TContext, 'db'>, mail: TNewOutboxMail): Promise<OutboxRow> {
  return insertOutboxMail(ctx.db, mail);
}

/** A stopping worker hands its claimed rows back, so another worker sends them at once. */
export async function releaseWorkerClaims(ctx: Pick<TContext, 'db'>, workerId: string): Promise<void> {
  await releaseClaims(ctx.db, workerId);
}

/** Wait after the n-th failed attempt (n from 1): 30 s, 1 min, 2 min, … capped at 1 h. */
export function retryDelayMs(failedAttempts: number): number {
  return doublingDelayMs(failedAttempts, { firstMs: FIRST_RETRY_MS, maxMs: MAX_RETRY_MS });
}

export type TDeliveryOutcome = { outcome: 'none' } | { outcome: 'sent' | 'failed' | 'gave-up'; row: OutboxRow; error?: string };

/** Claims the next due e-mail and hands it to the mailer once; records what happened. */
export async function deliverNextMail(ctx: TOutboxContext, mailer: TMailer, workerId: string): Promise<TDeliveryOutcome> {
  const claimedAt = ctx.now();
  const row = await claimNextMail(ctx.db, ctx.engine, { workerId, now: claimedAt, until: new Date(claimedAt.getTime() + CLAIM_LEASE_MS) });
  if (!row) return { outcome: 'none' };
  try {
    await mailer.send({
      to: row.to_address,
      replyTo: row.reply_to ? { name: row.reply_to_name, address: row.reply_to } : null,
      subject: row.subject,
      text: row.text_body,
      ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
    });
  } catch (error) {
    const attempts = row.attempts + 1;
    const now = ctx.now();
    const message = describeError(error);
    const giveUp = attempts >= MAX_ATTEMPTS;
    await markMailFailed(ctx.db, row.id, workerId, { error: message, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)), giveUpAt: giveUp ? now : null });
    return { outcome: giveUp ? 'gave-up' : 'failed', row, error: message };
  }
  await markMailSent(ctx.db, row.id, workerId, ctx.now());
  return { outcome: 'sent', row };
}

export function deleteOldSentMail(ctx: TOutboxContext): Promise<number> {
  return deleteSentMailBefore(ctx.db, new Date(ctx.now().getTime() - KEEP_SENT_MAIL_MS));
}

/** What went wrong, for last_error: the SMTP reply when there is one, else the error's message. */
function describeError(error: unknown): string {
  if (error instanceof Error) {
    // nodemailer's errors carry a code (ECONNECTION, EAUTH, EENVELOPE …) and the server's reply line.
    const smtp = error as Error & { code?: string; response?: string };
    const parts = [smtp.code, smtp.response ?? smtp.message].filter((part) => part !== undefined && part !== '');
    return parts.join(' ').slice(0, 1000);
  }
  return String(error).slice(0, 1000);
}

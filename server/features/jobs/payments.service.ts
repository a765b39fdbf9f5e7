// Paying for a job: the one PaymentIntent of a job, its confirmation by the browser, Stripe's
// webhook, the test-mode card form, and the periodic reconciliation that asks the provider
// about recent unpaid jobs. Whichever arrives first activates the job (and queues the poster's
// receipt); the others find it done. Only the server decides amount and currency.
import { DAY_MS, JOB_LISTING_DAYS, JOB_PRICE_CENTS, JOB_PRICE_CURRENCY, PAYMENTS_OFF_MESSAGE } from '../../../shared/constants';
import type { TMyJob, TPaymentSession, TPaymentsConfig, TTestCardPaymentRequest, TTestCardPaymentResult, TWebhookOutcome } from '../../../shared/schemas/job';
import {
  PaymentProviderError,
  WebhookSignatureError,
  WebhooksNotConfiguredError,
  type TPaymentEvent,
  type TPaymentIntent,
  type TPaymentProvider,
} from '../../adapters/payments/payments';
import type { TTestModePayments } from '../../adapters/payments/test-mode-payments';
import { invalidateAfterCommit, type TContext } from '../../context';
import type { JobRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { changedByJobGoingLive } from '../../lib/cache-tags';
import { mailAddressOf } from '../accounts/accounts.service';
import { queueMail } from '../messages/outbox.service';
import { activateJobRow, extendJobRow, findJobById, listUnpaidJobsWithIntent, setJobPaymentIntent } from './jobs.repo';
import { findOwnedJob, readJob } from './jobs.service';
import { findPaymentByProviderId, insertPaymentOnce, recordWebhookEvent, webhookEventSeen } from './payments.repo';
import { composeReceiptMail } from './receipt-mail';

export interface TPaymentsContext extends TContext {
  /** null when PAYMENTS_MODE is off: every payment call answers 503. */
  payments: TPaymentProvider | null;
  /** Called after a receipt is committed to the outbox (the in-process worker's kick). */
  mailQueued?: () => void;
}

/** The provider, or 503 while the site takes no payments (PAYMENTS_MODE=off). */
function providerOf(ctx: TPaymentsContext): TPaymentProvider {
  if (!ctx.payments) throw new AppError(503, PAYMENTS_OFF_MESSAGE);
  return ctx.payments;
}

export const PROVIDER_UNAVAILABLE = 'The payment provider could not be reached. Please try again.';

/** A provider failure is worth retrying: 502, with the cause kept for the log. */
async function provider<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const failure = new AppError(502, PROVIDER_UNAVAILABLE);
    failure.cause = error;
    throw failure;
  }
}

export function paymentsConfig(ctx: TPaymentsContext): TPaymentsConfig {
  const payments = ctx.payments;
  if (!payments) return { paymentsMode: 'off' };
  return { paymentsMode: payments.kind, provider: payments.kind, ...(payments.publishableKey ? { publishableKey: payments.publishableKey } : {}) };
}

function assertAwaitingPayment(job: JobRow): void {
  if (job.status === 'active') throw new AppError(409, 'This job is already paid');
  if (job.status === 'expired') throw new AppError(409, 'This listing has ended');
}

/**
 * The one PaymentIntent of the job: made once (an idempotency key per job, so a double click
 * or a retry cannot make a second), then handed out again on every later call.
 */
export async function startJobPayment(ctx: TPaymentsContext, userId: number, jobId: number): Promise<TPaymentSession> {
  const payments = providerOf(ctx);
  const job = await findOwnedJob(ctx, userId, jobId);
  assertAwaitingPayment(job);
  if (job.payment_intent_id) {
    const current = await provider(() => payments.retrievePaymentIntent(job.payment_intent_id!));
    if (current?.status === 'succeeded') {
      // Paid, but neither the browser's confirmation nor the webhook got through: settle it now.
      await activatePaidJob(ctx, job.id, current);
      throw new AppError(409, 'This job is already paid');
    }
    if (current && current.status !== 'canceled' && current.clientSecret) return paymentSession(payments, { id: current.id, clientSecret: current.clientSecret });
  }
  // A canceled PaymentIntent cannot be paid: the next one gets a key of its own.
  const idempotencyKey = job.payment_intent_id ? `job-${job.id}-payment-after-${job.payment_intent_id}` : `job-${job.id}-payment`;
  const intent = await provider(() =>
    payments.createPaymentIntent({
      amount: JOB_PRICE_CENTS,
      currency: JOB_PRICE_CURRENCY,
      metadata: { jobId: String(job.id), userId: String(userId) },
      idempotencyKey,
    }),
  );
  await setJobPaymentIntent(ctx.db, job.id, intent.id, ctx.now());
  return paymentSession(payments, intent);
}

/** What a renewal's PaymentIntent carries in its metadata: it extends a paid listing instead of activating an unpaid one. */
export const RENEWAL_PURPOSE = 'renewal';

function isRenewal(intent: Pick<TPaymentIntent, 'metadata'>): boolean {
  return intent.metadata.purpose === RENEWAL_PURPOSE;
}

export const RENEWAL_MESSAGES = {
  unpaid: 'This job has not been paid for yet: complete its payment instead',
  hidden: 'A moderator hid this job, so it cannot be renewed',
  alreadyPaid: 'This renewal is already paid',
} as const;

/**
 * Renewing a paid listing (active or ended): another $250 for JOB_LISTING_DAYS more days, through
 * the same payment session, card form and confirm-payment as posting. The job keeps the renewal's
 * PaymentIntent while it is unpaid and hands it out again on every call; once that one is paid,
 * the next renewal gets a new one (its idempotency key names the one before).
 */
export async function startJobRenewal(ctx: TPaymentsContext, userId: number, jobId: number): Promise<TPaymentSession> {
  const payments = providerOf(ctx);
  const job = await findOwnedJob(ctx, userId, jobId);
  if (job.status === 'pending_payment') throw new AppError(409, RENEWAL_MESSAGES.unpaid);
  if (job.hidden_at !== null) throw new AppError(409, RENEWAL_MESSAGES.hidden);
  if (job.payment_intent_id) {
    const current = await provider(() => payments.retrievePaymentIntent(job.payment_intent_id!));
    if (current && isRenewal(current)) {
      if (current.status === 'succeeded') {
        // Paid, but not confirmed yet: settle it (a repeat changes nothing) and say so rather than charge twice.
        const recorded = await findPaymentByProviderId(ctx.db, current.id);
        if (!recorded) {
          await activatePaidJob(ctx, job.id, current);
          throw new AppError(409, RENEWAL_MESSAGES.alreadyPaid);
        }
      } else if (current.status !== 'canceled' && current.clientSecret) {
        return paymentSession(payments, { id: current.id, clientSecret: current.clientSecret });
      }
    }
  }
  const intent = await provider(() =>
    payments.createPaymentIntent({
      amount: JOB_PRICE_CENTS,
      currency: JOB_PRICE_CURRENCY,
      metadata: { jobId: String(job.id), userId: String(userId), purpose: RENEWAL_PURPOSE },
      idempotencyKey: `job-${job.id}-renewal-after-${job.payment_intent_id ?? 'none'}`,
    }),
  );
  await setJobPaymentIntent(ctx.db, job.id, intent.id, ctx.now());
  return paymentSession(payments, intent);
}

function paymentSession(payments: TPaymentProvider, intent: { id: string; clientSecret: string }): TPaymentSession {
  return {
    paymentsMode: payments.kind,
    provider: payments.kind,
    ...(payments.publishableKey ? { publishableKey: payments.publishableKey } : {}),
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: JOB_PRICE_CENTS,
    currency: JOB_PRICE_CURRENCY,
  };
}

/** Why this PaymentIntent cannot pay for this job, or null when it can. */
function paymentProblem(intent: TPaymentIntent, jobId: number): AppError | null {
  if (intent.status !== 'succeeded') return new AppError(402, `The payment has not gone through (status: ${intent.status})`);
  if (intent.amount !== JOB_PRICE_CENTS || intent.currency.toLowerCase() !== JOB_PRICE_CURRENCY) {
    return new AppError(400, 'The payment does not match the price of a job listing');
  }
  if (intent.metadata.jobId !== String(jobId)) return new AppError(400, 'This payment is not for this job');
  return null;
}

/**
 * The one way a job goes live: a succeeded PaymentIntent for exactly the price, made for this
 * job. In one transaction the payment is claimed (its provider id is unique, so it pays for
 * one job, once), the job goes from awaiting payment to active for JOB_LISTING_DAYS, and the
 * poster's receipt is queued — only by the call whose update changed the job, so however many
 * paths race (browser, webhook, reconciliation) there is one activation and one receipt. A
 * webhook event is recorded in the same transaction, so "processed" and its effect commit
 * together. Repeating it changes nothing; true when this call made the job live.
 */
async function activatePaidJob(ctx: TPaymentsContext, jobId: number, intent: TPaymentIntent, event?: TPaymentEvent): Promise<boolean> {
  const problem = paymentProblem(intent, jobId);
  if (problem) throw problem;
  const payments = providerOf(ctx);
  const now = ctx.now();
  const wentLive = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await insertPaymentOnce(trx, {
      jobId,
      provider: payments.kind,
      providerPaymentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      status: intent.status,
      now,
    });
    let activated = false;
    if (claimed) {
      const job = isRenewal(intent) ? await extendListing(trx, jobId, now) : await activateJobRow(trx, jobId, now, new Date(now.getTime() + JOB_LISTING_DAYS * DAY_MS));
      if (job) {
        activated = true;
        await queueReceipt({ ...ctx, db: trx }, job, intent, now);
      }
    } else {
      const recorded = await findPaymentByProviderId(trx, intent.id);
      if (recorded?.job_id !== jobId) throw new AppError(409, 'This payment was already used for another job');
    }
    if (event) await recordWebhookEvent(trx, event, now);
    return activated;
  });
  if (wentLive) {
    invalidateAfterCommit(ctx, changedByJobGoingLive());
    ctx.mailQueued?.();
  }
  return wentLive;
}

/**
 * A renewal's JOB_LISTING_DAYS: from the current end while the listing is live, else from now.
 * The end is compared and set in one update, read again when another renewal got there first.
 */
async function extendListing(db: TPaymentsContext['db'], jobId: number, now: Date): Promise<JobRow | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await findJobById(db, jobId);
    if (!row || row.status === 'pending_payment') return undefined;
    const end = row.active_until ? new Date(row.active_until) : null;
    const from = row.status === 'active' && end && end > now ? end : now;
    const extended = await extendJobRow(db, jobId, { from: row.active_until, to: new Date(from.getTime() + JOB_LISTING_DAYS * DAY_MS), now });
    if (extended) return extended;
  }
  throw new AppError(409, 'The listing changed while it was renewed. Please try again.');
}

/** The poster's receipt, queued in the activation's transaction (a poster without an address gets none). */
async function queueReceipt(tx: TPaymentsContext, job: JobRow, intent: TPaymentIntent, now: Date): Promise<void> {
  const to = job.user_id === null ? undefined : await mailAddressOf(tx, job.user_id);
  if (!to || !job.active_until) return;
  const mail = composeReceiptMail({
    jobTitle: job.title,
    amount: intent.amount,
    currency: intent.currency,
    activeUntil: new Date(job.active_until),
    paymentIntentId: intent.id,
    siteName: tx.config.siteName,
    publicUrl: tx.config.publicUrl,
  });
  await queueMail(tx, { messageId: null, to, replyTo: null, subject: mail.subject, text: mail.text, now });
}

/** The browser says the card payment went through: believe the provider, not the browser. */
export async function confirmJobPayment(ctx: TPaymentsContext, userId: number, jobId: number, paymentIntentId: string): Promise<TMyJob> {
  const payments = providerOf(ctx);
  const job = await findOwnedJob(ctx, userId, jobId);
  const intent = await provider(() => payments.retrievePaymentIntent(paymentIntentId));
  if (!intent) throw new AppError(400, 'Payment not found');
  await activatePaidJob(ctx, job.id, intent);
  return readJob(ctx, (await findJobById(ctx.db, job.id))!);
}

/**
 * A Stripe webhook delivery: verified over its exact bytes, processed once per event id.
 * payment_intent.succeeded activates the job even when the browser never confirmed. A failure
 * while fulfilling answers 5xx with nothing recorded, so Stripe delivers the event again.
 */
export async function handlePaymentWebhook(ctx: TPaymentsContext, rawBody: Buffer, signature: string | undefined): Promise<TWebhookOutcome> {
  if (!ctx.payments) throw new AppError(503, 'Webhooks are not configured');
  const payments = ctx.payments;
  let event: TPaymentEvent;
  try {
    event = payments.constructWebhookEvent(rawBody, signature, ctx.now());
  } catch (error) {
    if (error instanceof WebhooksNotConfiguredError) throw new AppError(503, 'Webhooks are not configured');
    if (error instanceof WebhookSignatureError) throw new AppError(400, 'Invalid webhook signature');
    throw error;
  }
  if (await webhookEventSeen(ctx.db, event.id)) return { received: true, duplicate: true };

  const ignore = async (reason: string): Promise<TWebhookOutcome> => {
    await recordWebhookEvent(ctx.db, event, ctx.now());
    return { received: true, ignored: reason };
  };
  if (event.type !== 'payment_intent.succeeded' || !event.paymentIntentId) return ignore(`event type ${event.type} is not handled`);
  // The PaymentIntent as it is now, from the provider: the same evidence confirm-payment uses.
  const paymentIntentId = event.paymentIntentId;
  const intent = await provider(() => payments.retrievePaymentIntent(paymentIntentId));
  const jobId = Number(intent?.metadata.jobId);
  const job = intent && Number.isSafeInteger(jobId) ? await findJobById(ctx.db, jobId) : undefined;
  if (!intent || !job) return ignore(`PaymentIntent ${paymentIntentId} is not for a job here`);
  try {
    await activatePaidJob(ctx, job.id, intent, event);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return ignore(error.message);
    throw error;
  }
  return { received: true };
}

function isTestMode(payments: TPaymentProvider | null): payments is TTestModePayments {
  return payments?.kind === 'test' && 'confirmCardPayment' in payments;
}

/** Whether the test-mode card form's route exists: only in test mode. */
export function testModeOn(ctx: TPaymentsContext): boolean {
  return isTestMode(ctx.payments);
}

/**
 * The test-mode card form's confirmCardPayment, for the poster only: the client secret must be
 * that of a PaymentIntent for a job of this member. Only the PaymentIntent changes;
 * confirm-payment (or the reconciliation) activates.
 */
export async function confirmTestCardPayment(ctx: TPaymentsContext, userId: number, card: TTestCardPaymentRequest): Promise<TTestCardPaymentResult> {
  if (!isTestMode(ctx.payments)) throw notFound('Test mode is off: payments go through Stripe');
  const intent = await ctx.payments.findByClientSecret(card.clientSecret);
  const jobId = Number(intent?.metadata.jobId);
  if (!intent || !Number.isSafeInteger(jobId)) throw notFound('No such payment_intent');
  await findOwnedJob(ctx, userId, jobId);
  const result = await ctx.payments.confirmCardPayment(card, ctx.now());
  if (!result.ok) throw new AppError(result.status, result.message);
  return { paymentIntent: { id: result.paymentIntent.id, status: result.paymentIntent.status } };
}

/** Only jobs created this recently are asked about: an older unpaid job waits for its poster to return. */
export const RECONCILE_WINDOW_MS = 7 * DAY_MS;
const RECONCILE_BATCH = 50;

/**
 * Settles PaymentIntents that succeeded but whose webhook (or the browser's confirmation) never
 * arrived: asks the provider about each recent job awaiting payment that has a PaymentIntent,
 * and activates the ones paid, through the same activation as every other path (so a race with
 * the webhook still activates once and sends one receipt). Batches of 50, oldest first; how
 * many jobs went live. A provider failure ends the run (the next one tries again).
 */
export async function reconcilePayments(ctx: TPaymentsContext, options: { signal?: AbortSignal; batchSize?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? RECONCILE_BATCH;
  const payments = ctx.payments;
  if (!payments) return 0;
  const since = new Date(ctx.now().getTime() - RECONCILE_WINDOW_MS);
  let activated = 0;
  let after: { createdAt: string; id: number } | undefined;
  for (;;) {
    if (options.signal?.aborted) break;
    const batch = await listUnpaidJobsWithIntent(ctx.db, since, batchSize, after);
    for (const job of batch) {
      if (options.signal?.aborted) break;
      const intent = await provider(() => payments.retrievePaymentIntent(job.payment_intent_id!));
      if (intent?.status !== 'succeeded' || paymentProblem(intent, job.id)) continue;
      try {
        if (await activatePaidJob(ctx, job.id, intent)) activated += 1;
      } catch (error) {
        if (!(error instanceof AppError && error.status < 500)) throw error;
        ctx.log.warn({ jobId: job.id, paymentIntentId: intent.id, reason: error.message }, 'payment reconciliation left a job alone');
      }
    }
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) break;
    after = { createdAt: last.created_at, id: last.id };
  }
  return activated;
}

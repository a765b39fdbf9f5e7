// Paying for a job: the one PaymentIntent of a job, its confirmation by the browser, Stripe's
// webhook, and the test-mode card form. Whichever arrives first activates the job; the others
// find it done. Only the server decides amount and currency.
import { DAY_MS, JOB_LISTING_DAYS, JOB_PRICE_CENTS, JOB_PRICE_CURRENCY } from '../../../shared/constants';
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
import { activateJobRow, findJobById, setJobPaymentIntent } from './jobs.repo';
import { findOwnedJob, readJob } from './jobs.service';
import { findPaymentByProviderId, insertPaymentOnce, recordWebhookEvent, webhookEventSeen } from './payments.repo';

export interface TPaymentsContext extends TContext {
  payments: TPaymentProvider;
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
  return ctx.payments.publishableKey ? { provider: ctx.payments.kind, publishableKey: ctx.payments.publishableKey } : { provider: ctx.payments.kind };
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
  const job = await findOwnedJob(ctx, userId, jobId);
  assertAwaitingPayment(job);
  if (job.payment_intent_id) {
    const current = await provider(() => ctx.payments.retrievePaymentIntent(job.payment_intent_id!));
    if (current?.status === 'succeeded') {
      // Paid, but neither the browser's confirmation nor the webhook got through: settle it now.
      await activatePaidJob(ctx, job.id, current);
      throw new AppError(409, 'This job is already paid');
    }
    if (current && current.status !== 'canceled' && current.clientSecret) return paymentSession(ctx, { id: current.id, clientSecret: current.clientSecret });
  }
  // A canceled PaymentIntent cannot be paid: the next one gets a key of its own.
  const idempotencyKey = job.payment_intent_id ? `job-${job.id}-payment-after-${job.payment_intent_id}` : `job-${job.id}-payment`;
  const intent = await provider(() =>
    ctx.payments.createPaymentIntent({
      amount: JOB_PRICE_CENTS,
      currency: JOB_PRICE_CURRENCY,
      metadata: { jobId: String(job.id), userId: String(userId) },
      idempotencyKey,
    }),
  );
  await setJobPaymentIntent(ctx.db, job.id, intent.id, ctx.now());
  return paymentSession(ctx, intent);
}

function paymentSession(ctx: TPaymentsContext, intent: { id: string; clientSecret: string }): TPaymentSession {
  return { ...paymentsConfig(ctx), clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount: JOB_PRICE_CENTS, currency: JOB_PRICE_CURRENCY };
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
 * one job, once) and the job goes from awaiting payment to active for JOB_LISTING_DAYS; a
 * webhook event is recorded in the same transaction, so "processed" and its effect commit
 * together. Repeating it changes nothing.
 */
async function activatePaidJob(ctx: TPaymentsContext, jobId: number, intent: TPaymentIntent, event?: TPaymentEvent): Promise<void> {
  const problem = paymentProblem(intent, jobId);
  if (problem) throw problem;
  const now = ctx.now();
  const wentLive = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await insertPaymentOnce(trx, {
      jobId,
      provider: ctx.payments.kind,
      providerPaymentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      status: intent.status,
      now,
    });
    if (claimed) {
      await activateJobRow(trx, jobId, now, new Date(now.getTime() + JOB_LISTING_DAYS * DAY_MS));
    } else {
      const recorded = await findPaymentByProviderId(trx, intent.id);
      if (recorded?.job_id !== jobId) throw new AppError(409, 'This payment was already used for another job');
    }
    if (event) await recordWebhookEvent(trx, event, now);
    return claimed;
  });
  if (wentLive) invalidateAfterCommit(ctx, changedByJobGoingLive());
}

/** The browser says the card payment went through: believe the provider, not the browser. */
export async function confirmJobPayment(ctx: TPaymentsContext, userId: number, jobId: number, paymentIntentId: string): Promise<TMyJob> {
  const job = await findOwnedJob(ctx, userId, jobId);
  const intent = await provider(() => ctx.payments.retrievePaymentIntent(paymentIntentId));
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
  let event: TPaymentEvent;
  try {
    event = ctx.payments.constructWebhookEvent(rawBody, signature, ctx.now());
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
  const intent = await provider(() => ctx.payments.retrievePaymentIntent(paymentIntentId));
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

function isTestMode(payments: TPaymentProvider): payments is TTestModePayments {
  return payments.kind === 'test' && 'confirmCardPayment' in payments;
}

/** The test-mode card form's confirmCardPayment: only the PaymentIntent changes; confirm-payment activates. */
export async function confirmTestCardPayment(ctx: TPaymentsContext, card: TTestCardPaymentRequest): Promise<TTestCardPaymentResult> {
  if (!isTestMode(ctx.payments)) throw notFound('Test mode is off: payments go through Stripe');
  const result = await ctx.payments.confirmCardPayment(card, ctx.now());
  if (!result.ok) throw new AppError(result.status, result.message);
  return { paymentIntent: { id: result.paymentIntent.id, status: result.paymentIntent.status } };
}

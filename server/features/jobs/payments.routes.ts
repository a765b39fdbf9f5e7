import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/common';
import { ZConfirmPaymentRequest, ZMyJob, ZPaymentsConfig, ZPaymentSession, ZTestCardPaymentRequest, ZTestCardPaymentResult, ZWebhookOutcome } from '../../../shared/schemas/job';
import { AppError, errorResponses } from '../../http/errors';
import type { TMemberRates } from '../../http/member-limits';
import { INVALIDATES_NOTHING, INVALIDATES_SCOPED } from '../../http/public-cache';
import { MEMBERS_ONLY, requireUser } from '../../http/sessions';
import { confirmJobPayment, confirmTestCardPayment, handlePaymentWebhook, paymentsConfig, startJobPayment, startJobRenewal, testModeOn, type TPaymentsContext } from './payments.service';

export const WEBHOOK_PATH = '/api/payments/webhook';

const tags = ['jobs'];

export async function paymentRoutes(app: FastifyInstance, ctx: TPaymentsContext, rates: TMemberRates): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onError', async (request, _reply, error) => {
      if (error instanceof AppError && error.status === 502) request.log.error({ err: error.cause }, 'payment provider failed');
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get('/api/payments/config', { schema: { tags, response: { 200: ZPaymentsConfig } } }, async () => paymentsConfig(ctx));

    // No body schema: whatever the client sends (an amount, a currency) is ignored; the server sets the price.
    api.post(
      '/api/jobs/:id/payment',
      { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, response: { 200: ZPaymentSession, ...errorResponses(400, 401, 403, 404, 409, 502, 503) } } },
      async (request) => {
        const user = requireUser(request);
        return startJobPayment(ctx, user.id, request.params.id);
      },
    );

    // Renewing a paid listing: the payment session of another $250 for 60 more days. The card form
    // and POST /api/jobs/{id}/confirm-payment then go as for posting; the confirmation extends the listing.
    api.post(
      '/api/jobs/:id/renew',
      { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, response: { 200: ZPaymentSession, ...errorResponses(400, 401, 403, 404, 409, 429, 502, 503) } } },
      async (request) => {
        const user = requireUser(request);
        await rates.jobChanges.take(user.id);
        return startJobRenewal(ctx, user.id, request.params.id);
      },
    );

    api.post(
      '/api/jobs/:id/confirm-payment',
      {
        config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED },
        schema: { tags, params: ZIdParams, body: ZConfirmPaymentRequest, response: { 200: ZMyJob, ...errorResponses(400, 401, 402, 403, 404, 409, 502, 503) } },
      },
      async (request) => {
        const user = requireUser(request);
        return confirmJobPayment(ctx, user.id, request.params.id, request.body.paymentIntentId);
      },
    );

    // The test-mode card form, standing in for Stripe.js: registered in test mode only (PAYMENTS_MODE=test),
    // for the job's poster only (the client secret alone is not enough, unlike at Stripe).
    if (testModeOn(ctx)) {
      api.post(
        '/api/payments/test/confirm',
        {
          config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING },
          schema: { tags, body: ZTestCardPaymentRequest, response: { 200: ZTestCardPaymentResult, ...errorResponses(400, 401, 402, 403, 404) } },
        },
        async (request) => {
          const user = requireUser(request);
          return confirmTestCardPayment(ctx, user.id, request.body);
        },
      );
    }

    // The signature covers the exact bytes Stripe sent: this route alone takes its body raw.
    await scope.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      const described = {
        tags,
        description:
          "Stripe's event deliveries. The body is taken raw (any content type, the exact bytes Stripe sent) and verified with the Stripe-Signature header; each event id is processed once.",
        response: { 200: ZWebhookOutcome, ...errorResponses(400, 503) },
      };
      webhook.withTypeProvider<ZodTypeProvider>().post(WEBHOOK_PATH, { config: INVALIDATES_SCOPED, schema: described }, async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await handlePaymentWebhook(ctx, body, typeof signature === 'string' ? signature : undefined);
        if (outcome.ignored) request.log.info({ reason: outcome.ignored }, 'webhook event ignored');
        return outcome;
      });
    });
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/common';
import { ZConfirmPaymentRequest, ZTestCardPaymentRequest } from '../../../shared/schemas/job';
import { AppError } from '../../http/errors';
import { INVALIDATES_NOTHING, INVALIDATES_SCOPED } from '../../http/public-cache';
import { requireUser } from '../../http/sessions';
import { confirmJobPayment, confirmTestCardPayment, handlePaymentWebhook, paymentsConfig, startJobPayment, type TPaymentsContext } from './payments.service';

export const WEBHOOK_PATH = '/api/payments/webhook';

export async function paymentRoutes(app: FastifyInstance, ctx: TPaymentsContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onError', async (request, _reply, error) => {
      if (error instanceof AppError && error.status === 502) request.log.error({ err: error.cause }, 'payment provider failed');
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get('/api/payments/config', async () => paymentsConfig(ctx));

    // No body schema: whatever the client sends (an amount, a currency) is ignored; the server sets the price.
    // Scoped: it settles a payment that went through unannounced, and the job goes live.
    api.post('/api/jobs/:id/payment', { config: INVALIDATES_SCOPED, schema: { params: ZIdParams } }, async (request) => {
      const user = requireUser(request);
      return startJobPayment(ctx, user.id, request.params.id);
    });

    api.post('/api/jobs/:id/confirm-payment', { config: INVALIDATES_SCOPED, schema: { params: ZIdParams, body: ZConfirmPaymentRequest } }, async (request) => {
      const user = requireUser(request);
      return confirmJobPayment(ctx, user.id, request.params.id, request.body.paymentIntentId);
    });

    // The test-mode card form, standing in for Stripe.js: the client secret is the capability, as at Stripe.
    api.post('/api/payments/test/confirm', { config: INVALIDATES_NOTHING, schema: { body: ZTestCardPaymentRequest } }, async (request) => confirmTestCardPayment(ctx, request.body));

    // The signature covers the exact bytes Stripe sent: this route alone takes its body raw.
    await scope.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      webhook.post(WEBHOOK_PATH, { config: INVALIDATES_SCOPED }, async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await handlePaymentWebhook(ctx, body, typeof signature === 'string' ? signature : undefined);
        if (outcome.ignored) request.log.info({ reason: outcome.ignored }, 'webhook event ignored');
        return outcome;
      });
    });
  });
}

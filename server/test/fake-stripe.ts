// A local stand-in for Stripe's API, enough for PaymentIntents: the real `stripe` SDK is pointed
// at it (host/port/protocol) and every request it makes is recorded for the test to inspect.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface TFakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface TRecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body as Stripe's API takes it: `metadata[jobId]` and the like as keys. */
  form: Record<string, string>;
}

export interface TFakeStripe {
  /** STRIPE_API_BASE for buildTestApp's env. */
  url: string;
  apiBase: { host: string; port: number; protocol: 'http' };
  requests: TRecordedRequest[];
  intents: Map<string, TFakeIntent>;
  /** A PaymentIntent made outside the app (a payment for something else, say). */
  addIntent(fields: Partial<TFakeIntent>): TFakeIntent;
  update(id: string, fields: Partial<TFakeIntent>): void;
  /** The next `count` requests answer 500 (marked not worth retrying, so the SDK gives up at once). */
  failNext(count?: number): void;
  /** The signed body and headers of a webhook delivery, as Stripe sends them. */
  webhook(options: { secret: string; type: string; intent: TFakeIntent | { id: string }; eventId?: string; timestamp?: number }): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export const FAKE_STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_fake_secret' } as const;

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}`, ...headers });
  response.end(JSON.stringify(body));
}

export async function startFakeStripe(): Promise<TFakeStripe> {
  const requests: TRecordedRequest[] = [];
  const intents = new Map<string, TFakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  let failures = 0;

  const newIntent = (fields: Partial<TFakeIntent>): TFakeIntent => {
    const id = fields.id ?? `pi_fake_${randomBytes(8).toString('hex')}`;
    const intent: TFakeIntent = {
      object: 'payment_intent',
      amount: 25_000,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata: {},
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      ...fields,
      id,
    };
    intents.set(id, intent);
    return intent;
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, form });
      if (failures > 0) {
        failures -= 1;
        return sendJson(response, 500, { error: { type: 'api_error', message: 'Something went wrong on our end.' } }, { 'stripe-should-retry': 'false' });
      }
      if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_ENV.STRIPE_SECRET_KEY}`) {
        return sendJson(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = request.headers['idempotency-key'];
        const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (earlier) return sendJson(response, 200, intents.get(earlier), { 'idempotent-replayed': 'true' });
        const metadata = Object.fromEntries(
          Object.entries(form)
            .filter(([name]) => name.startsWith('metadata['))
            .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
        );
        const intent = newIntent({ amount: Number(form.amount), currency: form.currency ?? '', metadata });
        if (typeof key === 'string') byIdempotencyKey.set(key, intent.id);
        return sendJson(response, 200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && match) {
        const intent = intents.get(decodeURIComponent(match[1]!));
        if (!intent) return sendJson(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${match[1]}'`, param: 'intent' } });
        return sendJson(response, 200, intent);
      }
      return sendJson(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiBase: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    intents,
    addIntent: newIntent,
    update(id, fields) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no fake intent ${id}`);
      intents.set(id, { ...intent, ...fields });
    },
    failNext(count = 1) {
      failures += count;
    },
    webhook({ secret, type, intent, eventId, timestamp }) {
      const payload = JSON.stringify({
        id: eventId ?? `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: 'object' in intent ? intent : { ...intent, object: 'payment_intent' } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined ? { timestamp } : {}) });
      return { payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

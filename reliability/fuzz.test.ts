// Property-based fuzzing of every route the app declares (server/test/route-inventory.ts), as a signed-in
// member from the site's own origin: random and malformed bodies, each route's real fields with
// wrong types, huge and odd text, prototype keys, wrong content types, hostile path parameters
// and query strings. Whatever arrives: never a 5xx, never a stack trace or a server path, errors
// in the app's shape, and Object.prototype untouched. Seeds are fixed (FUZZ_SEED overrides);
// fast-check prints the seed and the shrunk input of any failure.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TUploadResponse } from '../shared/schemas/media';
import type { TProject } from '../shared/schemas/project';
import type { UserRow } from '../server/db/schema';
import { multipartBody } from '../server/lib/multipart-body';
import { ENGINES } from '../server/test/build-test-app';
import { buildAccountLink, buildCode, buildJob, buildProject, buildUser, cookieFor, FACTORY_PASSWORD, jobBody, signupBody } from '../server/test/factories';
import { buildInventoriedApp, fillPath, isStateChanging, type TInventoriedApp, type TRoute } from '../server/test/route-inventory';

const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_260_707);
/** Runs per route and kind of input: about a minute per engine on two cores. */
const RUNS = { jsonBody: 150, bodiless: 40, rawBody: 80, read: 50 };
const FIXTURES = new URL('../server/test/fixtures/', import.meta.url);

/** One fixed seed per property, different for each route, so a failure replays alone. */
function seedFor(name: string): number {
  let hash = BASE_SEED;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

// ---- what hostile input looks like ---------------------------------------------------------

const HOSTILE_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff\ud800', '\u202e\u2066evil', '👩‍👩‍👧‍👦', 'ﷺ', 'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  "' OR '1'='1", '"; DROP TABLE users; --', '%', '_', '\\', '../../../etc/passwd', '<script>alert(1)</script>',
  '{{7*7}}', '${7*7}', 'null', 'NaN', '-1', '1e309', '__proto__', 'constructor', 'javascript:alert(1)',
  'x'.repeat(10_000), '€'.repeat(100_000), 'a '.repeat(5_000),
];
/** Short text made of the characters that break things: NUL, lone surrogates, bidi overrides, quotes, escapes. */
const trickyText = fc.string({ unit: fc.constantFrom('a', ' ', '\u0000', '\ud800', '\u202e', '€', '😀', "'", '"', '%', '\\', '\n'), minLength: 1, maxLength: 20 });
const hostileText = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), trickyText, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }));
/** Text short enough for a URL. */
const hostileShortText = fc.oneof(fc.constantFrom(...HOSTILE_TEXT.filter((text) => text.length <= 100)), trickyText, fc.string({ unit: 'binary', maxLength: 40 }));
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, -0, 1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 5e-324),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }),
  fc.anything({ maxDepth: 2 }),
);

const POISON_TEXT = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":{"__proto__":{"polluted":"yes"}}}',
  '[{"__proto__":{"polluted":"yes"}}]',
  '{"\\u005f_proto__":{"polluted":"yes"}}',
  '{"__proto__":null}',
  '{"prototype":{"polluted":"yes"}}',
];
const MALFORMED_TEXT = [
  '{', '}', '{"a":', '[1,]', "{'a':1}", 'nul', 'tru', '01', '1e99999', '-', '"\\ud800"', '\ufeff{}', '{"a":1}garbage',
  '{"a":1}{"b":2}', '\u0000', 'NaN', '{"a":NaN}', '{"a":undefined}', '/*c*/{}', '"unterminated', '{"a":"\\x41"}', '{"a" 1}',
];
const deepNesting = fc
  .tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}'], ['{"title":[', ']}']))
  .map(([depth, [open, close]]) => `${open!.repeat(depth)}${open === '[' ? '' : '1'}${close!.repeat(depth)}`);

const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1', 'APPLICATION/JSON', 'application/json;', 'application/jsonx', 'application/vnd.api+json',
  'application/xml', '*/*', 'application/json, text/plain', 'application/octet-stream',
];
/** Mostly JSON, as a client would send; sometimes anything else, or none. */
const contentType = fc.oneof({ arbitrary: fc.constant('application/json'), weight: 6 }, { arbitrary: fc.constantFrom(...CONTENT_TYPES, undefined), weight: 1 });

/** What to send as a JSON route's body, built from the route's own fields and a valid body. */
type TBodyPlan =
  | { kind: 'value'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'mutated'; changes: Record<string, unknown>; drop: string[]; extra: Record<string, unknown> }
  /** Odd text put inside otherwise valid text fields: the likeliest to get past validation. */
  | { kind: 'spliced'; splices: { field: string; text: string; at: number }[] }
  | { kind: 'poisoned'; text: string }
  | { kind: 'truncated'; at: number };

function bodyPlan(fields: string[], textFields: string[]): fc.Arbitrary<TBodyPlan> {
  const field = fields.length ? fc.constantFrom(...fields) : fc.string({ maxLength: 8 });
  const splices = textFields.length
    ? [
        {
          arbitrary: fc
            .array(fc.record({ field: fc.constantFrom(...textFields), text: hostileShortText, at: fc.nat() }), { minLength: 1, maxLength: 3 })
            .map((list): TBodyPlan => ({ kind: 'spliced', splices: list })),
          weight: 4,
        },
      ]
    : [];
  return fc.oneof(
    ...splices,
    fc.anything().map((value): TBodyPlan => ({ kind: 'value', value })),
    fc.json().map((text): TBodyPlan => ({ kind: 'text', text })),
    {
      arbitrary: fc
        .record({
          changes: fc.dictionary(field, hostileValue, { minKeys: 1, maxKeys: 3 }),
          drop: fc.subarray(fields, { maxLength: Math.min(2, fields.length) }),
          extra: fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 2 }),
        })
        .map((mutation): TBodyPlan => ({ kind: 'mutated', ...mutation })),
      weight: 4,
    },
    fc.constantFrom(...POISON_TEXT).map((text): TBodyPlan => ({ kind: 'poisoned', text })),
    fc.oneof(fc.constantFrom(...MALFORMED_TEXT), fc.string({ unit: 'binary', maxLength: 60 }), deepNesting).map((text): TBodyPlan => ({ kind: 'text', text })),
    fc.nat().map((at): TBodyPlan => ({ kind: 'truncated', at })),
  );
}

/** The raw JSON text of a plan; the poison is written as text so `__proto__` survives as a key. */
function render(plan: TBodyPlan, valid: Record<string, unknown>): string | undefined {
  switch (plan.kind) {
    case 'value':
      return JSON.stringify(plan.value);
    case 'text':
      return plan.text;
    case 'mutated': {
      const body: Record<string, unknown> = { ...valid, ...plan.extra, ...plan.changes };
      for (const name of plan.drop) delete body[name];
      return JSON.stringify(body);
    }
    case 'spliced': {
      const body: Record<string, unknown> = { ...valid };
      for (const { field, text, at } of plan.splices) {
        const current = String(body[field]);
        const cut = at % (current.length + 1);
        body[field] = `${current.slice(0, cut)}${text}${current.slice(cut)}`;
      }
      return JSON.stringify(body);
    }
    case 'poisoned': {
      const validText = JSON.stringify(valid);
      return plan.text.startsWith('{') && validText.length > 2 ? `${plan.text.slice(0, -1)},${validText.slice(1)}` : plan.text;
    }
    case 'truncated': {
      const validText = JSON.stringify(valid);
      return validText.slice(0, plan.at % validText.length);
    }
  }
}

const HOSTILE_PARAMS = [
  '0', '-1', '1.5', '1e3', '2147483647', '2147483648', '9007199254740993', '99999999999999999999999999', '0x10', 'NaN', 'Infinity',
  ' 1', '1 ', '+1', '١', 'null', '[]', '{}', '..', '../..', '../app.db', '%', '\u0000', '\u202e', '😀', 'x'.repeat(10_000), 'é'.repeat(3_000),
].map(encodeURIComponent);
/** Path segments sent as they are: dot segments, encoded slashes and NUL, broken percent escapes. */
const RAW_SEGMENTS = ['..', '.', '%2e%2e', '%2e%2e%2f..%2fapp.db', '%00', '%zz', '%E0%A4%A', '%C0%AE%C0%AE', '..%5c..%5capp.db', '%252e%252e%252f'];

const QUERY_KEYS = ['q', 'cursor', 'limit', 'sort', 'category', 'tag', 'type', '__proto__', 'constructor', '__proto__[polluted]', 'constructor[prototype][polluted]'];
const NUMBER_TEXT = ['-1', '0', '1', '100', '101', '1e309', '99999999999999999999', '1.5', 'NaN', 'Infinity', '0x10', ' 5', ''];
const SORTS = ['trending', 'recent', 'popular', 'views', 'relevance', 'TRENDING'];
/** Cursors that decode: base64url JSON of anything, including the [value, id] shape with hostile parts. */
const craftedCursor = fc
  .oneof(fc.tuple(hostileValue, hostileValue), fc.tuple(hostileShortText, hostileNumber), fc.tuple(hostileNumber, hostileNumber), fc.jsonValue({ maxDepth: 2 }))
  .map((value) => Buffer.from(JSON.stringify(value) ?? '').toString('base64url'));
const queryValue = fc.oneof(hostileShortText, fc.constantFrom(...NUMBER_TEXT, ...SORTS), craftedCursor);
const RAW_QUERIES = ['%', 'a=%zz', 'limit', '=', '&&&', 'q=%00', 'cursor=%F0%9F', 'limit=1&limit=2', 'tag[]=a&tag[]=b', 'category=a,,b,'];
const queryString = fc.oneof(
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), queryValue), { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs).toString()),
  fc.constantFrom(...RAW_QUERIES),
);

// ---- what every response must be -----------------------------------------------------------

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
const prototypeKeys = () => PROTOTYPES.map((prototype) => Object.getOwnPropertyNames(prototype).sort().join(','));
const ORIGINAL_PROTOTYPE_KEYS = prototypeKeys();

function isErrorBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const { message, details, ...rest } = body as Record<string, unknown>;
  if (typeof message !== 'string' || Object.keys(rest).length > 0) return false;
  if (details === undefined) return true;
  return Array.isArray(details) && details.every((item) => typeof item?.field === 'string' && typeof item?.message === 'string' && Object.keys(item).length === 2);
}

/** The checks of every fuzzed response: each failure message names the request. */
function expectSafe(response: LightMyRequestResponse, request: string, serverPaths: string[]): void {
  const status = response.statusCode;
  if (status >= 500) throw new Error(`${request} answered ${status}: ${response.body.slice(0, 300)}`);
  const type = String(response.headers['content-type'] ?? '');
  if (/json|text|html|xml/.test(type)) {
    const body = response.body;
    const leak = [/\bat [^\s()]+ \([^)]*:\d+:\d+\)/, /node_modules/, ...serverPaths.map((path) => new RegExp(path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))].find((pattern) => pattern.test(body));
    if (leak) throw new Error(`${request} leaked ${leak}: ${body.slice(0, 300)}`);
  }
  if (status >= 400 && !(type.startsWith('application/json') && isErrorBody(JSON.parse(response.body)))) {
    throw new Error(`${request} answered ${status} outside the error shape: ${type} ${response.body.slice(0, 300)}`);
  }
  if (({} as Record<string, unknown>).polluted !== undefined || prototypeKeys().join('|') !== ORIGINAL_PROTOTYPE_KEYS.join('|')) {
    throw new Error(`${request} polluted a prototype`);
  }
}

function fieldsOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

describe.each(ENGINES)('hostile input fuzzing on %s', (engine) => {
  let t: TInventoriedApp;
  let member: UserRow;
  let serverPaths: string[];
  /** Real values for each path parameter: ids and keys of things that exist. */
  const real: Record<string, string[]> = {};
  /** A valid body for each JSON route: the fuzzer mutates it field by field. */
  let validBodies: Record<string, () => Promise<Record<string, unknown>>>;
  let origin: string;
  let requests = 0;

  beforeAll(async () => {
    t = await buildInventoriedApp(engine, { env: { STRIPE_WEBHOOK_SECRET: 'whsec_fuzz' } });
    origin = new URL(t.config.publicUrl).origin;
    serverPaths = [t.config.dataDir, process.cwd()];
    member = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, member);
    const headers = { cookie, origin };

    const upload = async () => {
      const form = await multipartBody([{ filename: 'photo.jpg', content: readFileSync(new URL('gps.jpg', FIXTURES)) }]);
      const response = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, ...form.headers }, payload: form.payload });
      return (response.json() as TUploadResponse).urls[0]!;
    };
    const createProject = async (images: string[]) =>
      (await t.app.inject({ method: 'POST', url: '/api/projects', headers, payload: { title: 'Koi pond', description: 'Neon', category: 'Illustration', images, tags: ['koi'] } })).json() as TProject;
    const project = await createProject([await upload()]);
    const freeMediaUrl = await upload();
    const otherProject = await buildProject(t.ctx, other);
    const job = await buildJob(t.ctx, member);
    const pendingJob = await buildJob(t.ctx, member, { status: 'pending_payment' });
    const session = (await t.app.inject({ method: 'POST', url: `/api/jobs/${pendingJob.id}/payment`, headers })).json() as { clientSecret: string; paymentIntentId: string };
    await t.app.inject({ method: 'POST', url: '/api/contact', headers: { origin }, payload: { name: 'Ada', email: 'ada@example.com', message: 'Hire me', recipientId: member.id } });
    const message = await t.ctx.db.selectFrom('messages').select('id').executeTakeFirstOrThrow();
    const code = await buildCode(t.ctx, member.id);
    const collection = (await t.app.inject({ method: 'POST', url: '/api/collections', headers, payload: { name: 'Fuzz set' } })).json() as { id: number };

    Object.assign(real, {
      id: [project.id, otherProject.id, job.id, pendingJob.id, member.id, other.id, message.id, collection.id].map(String),
      projectId: [project.id, otherProject.id].map(String),
      slug: [project.slug],
      category: ['Illustration'],
      query: ['koi'],
      '*': [project.images[0]!.replace(/^\/media\//, '')],
    });
    validBodies = {
      'POST /api/auth/signup': async () => signupBody((await buildCode(t.ctx, member.id)).code),
      'POST /api/auth/signin': async () => ({ email: member.email, password: FACTORY_PASSWORD }),
      'PATCH /api/auth/profile': async () => ({ firstName: 'Ada', lastName: 'Lovelace', bio: 'Painter', website: 'https://ada.example', location: 'London', profileImageUrl: '', title: 'Artist', twitterUrl: '', dribbbleUrl: '', behanceUrl: '' }),
      'POST /api/auth/password': async () => ({ currentPassword: FACTORY_PASSWORD, newPassword: 'violet-kettle-orbit' }),
      'POST /api/auth/password/forgot': async () => ({ email: member.email }),
      'POST /api/auth/password/reset': async () => ({ token: await buildAccountLink(t.ctx, member.id, 'password_reset'), password: 'violet-kettle-orbit' }),
      'POST /api/auth/email': async () => ({ newEmail: 'fuzzed-address@example.com', password: FACTORY_PASSWORD }),
      'POST /api/auth/email/confirm': async () => ({ token: await buildAccountLink(t.ctx, member.id, 'email_change') }),
      'POST /api/invitation-codes/generate': async () => ({ count: 1 }),
      'POST /api/invitation-codes/validate': async () => ({ code: code.code }),
      'POST /api/projects': async () => ({ title: 'Fuzzed', description: 'Made by a fuzzer', category: 'Illustration,Print', images: [freeMediaUrl], tags: ['fuzz'] }),
      'PATCH /api/projects/:id': async () => ({ title: 'Edited', description: 'Again', category: 'Illustration', images: project.images, tags: ['koi'], hidePrompt: false }),
      'POST /api/jobs': async () => ({ ...jobBody() }),
      'PATCH /api/jobs/:id': async () => ({ ...jobBody() }),
      'POST /api/jobs/:id/confirm-payment': async () => ({ paymentIntentId: session.paymentIntentId }),
      'POST /api/payments/test/confirm': async () => ({ clientSecret: session.clientSecret, cardNumber: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' }),
      'POST /api/contact': async () => ({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello', recipientId: member.id, projectId: project.id, projectTitle: project.title }),
      'PUT /api/auth/preferences': async () => ({ showMature: true }),
      'POST /api/projects/:id/comments': async () => ({ body: 'Lovely light on this one.' }),
      'PATCH /api/comments/:id': async () => ({ body: 'Edited: lovely light.' }),
      'POST /api/collections': async () => ({ name: 'Fuzzed set', isPublic: true }),
      'PATCH /api/collections/:id': async () => ({ name: 'Renamed set', isPublic: false }),
      'POST /api/reports': async () => ({ targetType: 'project', targetId: otherProject.id, reason: 'spam', note: 'Link farm' }),
      'POST /api/notifications/read': async () => ({ ids: [1] }),
      'PUT /api/notifications/settings': async () => ({ hire: 'instant', comment: 'digest', reply: 'off' }),
      // Staff routes: the fuzzing member is not staff, so these are refused (403) once the input is valid.
      'POST /api/admin/moderate': async () => ({ targetType: 'project', targetId: otherProject.id, action: 'hide', reason: 'Spam' }),
      'POST /api/admin/users/:id/suspend': async () => ({ reason: 'Spam', revokeCodes: false }),
      'POST /api/admin/users/:id/unsuspend': async () => ({ reason: 'Appeal' }),
      'POST /api/admin/users/:id/invite-right': async () => ({ canInvite: true, reason: 'Vouched for' }),
      'POST /api/admin/users/:id/role': async () => ({ role: 'member', reason: 'Fuzz' }),
      'POST /api/admin/projects/:id/mature': async () => ({ isMature: true, reason: 'Graphic' }),
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A new IP for each request, so throttles never stand between the fuzzer and the code behind them. */
  function nextAddress(): string {
    requests += 1;
    return `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`;
  }

  /** Real values when the suite knows some for the parameter (a new one gets hostile values only). */
  const pathValue = (name: string) =>
    fc.oneof(...(real[name] ? [{ arbitrary: fc.constantFrom(...real[name]), weight: 3 }] : []), fc.constantFrom(...HOSTILE_PARAMS), fc.constantFrom(...RAW_SEGMENTS));
  const pathOf = (route: TRoute) =>
    route.params.length ? fc.record(Object.fromEntries(route.params.map((name) => [name, pathValue(name)]))).map((values) => fillPath(route, values)) : fc.constant(route.url);

  const GROUPS = {
    json: (route: TRoute) => isStateChanging(route) && route.body === 'json',
    bodiless: (route: TRoute) => isStateChanging(route) && route.body === 'none',
    raw: (route: TRoute) => isStateChanging(route) && (route.body === 'raw' || route.body === 'multipart'),
    read: (route: TRoute) => !isStateChanging(route),
  };
  const routesOf = (group: keyof typeof GROUPS) => t.routes.filter(GROUPS[group]);

  it('has a valid body to start from for every JSON route', () => {
    const jsonRoutes = routesOf('json').map((route) => route.key);
    expect(jsonRoutes.length).toBeGreaterThan(5);
    expect(Object.keys(validBodies).sort()).toEqual(jsonRoutes.sort());
  });

  it('answers every JSON route well whatever the body, the content type and the path', async () => {
    for (const route of routesOf('json')) {
      const valid = await validBodies[route.key]!();
      const fields = [...new Set([...fieldsOf(route.schema.body), ...Object.keys(valid)])];
      const textFields = Object.keys(valid).filter((name) => typeof valid[name] === 'string');
      await fc.assert(
        fc.asyncProperty(pathOf(route), bodyPlan(fields, textFields), contentType, async (url, plan, type) => {
          const payload = render(plan, await validBodies[route.key]!());
          const headers: Record<string, string> = { cookie: await cookieFor(t.ctx, member), origin };
          if (type) headers['content-type'] = type;
          const response = await t.app.inject({ method: route.method as HTTPMethods, url, headers, remoteAddress: nextAddress(), ...(payload === undefined ? {} : { payload }) });
          expectSafe(response, `${route.method} ${url} (${type}) ${String(payload).slice(0, 200)}`, serverPaths);
        }),
        { numRuns: RUNS.jsonBody, seed: seedFor(route.key) },
      );
    }
  });

  it('answers every bodiless state-changing route well, as a member of its own, whatever is sent', async () => {
    for (const route of routesOf('bodiless')) {
      await fc.assert(
        fc.asyncProperty(pathOf(route), bodyPlan([], []), contentType, async (url, plan, type) => {
          // A throwaway member: these routes sign out and delete accounts.
          const caller = await buildUser(t.ctx);
          const payload = render(plan, {});
          const headers: Record<string, string> = { cookie: await cookieFor(t.ctx, caller), origin };
          if (type) headers['content-type'] = type;
          const response = await t.app.inject({ method: route.method as HTTPMethods, url, headers, remoteAddress: nextAddress(), ...(payload === undefined ? {} : { payload }) });
          expectSafe(response, `${route.method} ${url} (${type}) ${String(payload).slice(0, 200)}`, serverPaths);
        }),
        { numRuns: RUNS.bodiless, seed: seedFor(route.key) },
      );
    }
  });

  it('answers every form and raw-body route (uploads, webhooks) well whatever bytes, boundary or signature arrive, and keeps no temporary file', async () => {
    const boundary = fc.constantFrom('x', '----fuzz', 'b'.repeat(300), '');
    const rawBody = fc.oneof(
      fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
      fc.string({ unit: 'binary', maxLength: 500 }).map((text) => Buffer.from(text)),
      fc.tuple(fc.constantFrom('----fuzz', 'x'), fc.string({ maxLength: 30 }), fc.uint8Array({ maxLength: 300 })).map(([mark, name, bytes]) =>
        Buffer.concat([Buffer.from(`--${mark}\r\nContent-Disposition: form-data; name="images"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), Buffer.from(bytes)]),
      ),
    );
    const rawType = fc.oneof(boundary.map((mark) => `multipart/form-data; boundary=${mark}`), fc.constantFrom('multipart/form-data', 'application/json', ...CONTENT_TYPES, undefined));
    const signature = fc.oneof(fc.constant(undefined), hostileShortText, fc.constantFrom('t=1,v1=abc', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`));
    for (const route of routesOf('raw')) {
      await fc.assert(
        fc.asyncProperty(rawBody, rawType, signature, async (payload, type, stripeSignature) => {
          const headers: Record<string, string> = { cookie: await cookieFor(t.ctx, member), origin };
          if (type) headers['content-type'] = type;
          if (stripeSignature !== undefined) headers['stripe-signature'] = stripeSignature;
          const response = await t.app.inject({ method: route.method as HTTPMethods, url: route.url, headers, payload, remoteAddress: nextAddress() });
          expectSafe(response, `${route.method} ${route.url} (${type}) ${payload.subarray(0, 100).toString('latin1')}`, serverPaths);
        }),
        { numRuns: RUNS.rawBody, seed: seedFor(route.key) },
      );
    }
    expect(readdirSync(join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('answers every read route well whatever the path parameters and the query string', async () => {
    for (const route of routesOf('read')) {
      await fc.assert(
        fc.asyncProperty(pathOf(route), queryString, fc.boolean(), async (path, query, signedIn) => {
          const url = query ? `${path}?${query}` : path;
          const headers: Record<string, string> = signedIn ? { cookie: await cookieFor(t.ctx, member) } : {};
          const response = await t.app.inject({ method: 'GET', url, headers, remoteAddress: nextAddress() });
          expectSafe(response, `GET ${url.slice(0, 300)}`, serverPaths);
        }),
        { numRuns: RUNS.read, seed: seedFor(route.key) },
      );
    }
  });

  it('still answers after all of it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/projects' });
    expect(response.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

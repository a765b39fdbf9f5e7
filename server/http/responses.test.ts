// What every /api route declares about its answers, read from the app's own route inventory:
// a success shape (so the zod serializer sends nothing the schema leaves out), the errors every
// route of its kind can give, and whether it is for members only. And what the serializer does
// with an answer that has more than its schema, or less.
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCreatorProfile, type TCreatorProfile } from '../../shared/schemas/creator';
import type { TPublicUser } from '../../shared/schemas/user';
import { ORIGIN_EXEMPT } from './security';
import { buildInventoriedApp, isStateChanging, type TInventoriedApp, type TRoute } from '../test/route-inventory';
import { registerErrorHandler } from './errors';
import { serializerCompiler } from './serialize-answer';

// The routes and their schemas are the same on either engine: one app is enough.
describe('declared answers of every /api route', () => {
  let t: TInventoriedApp;
  let apiRoutes: TRoute[];

  beforeAll(async () => {
    t = await buildInventoriedApp('sqlite');
    // The reference's own routes (the document, the docs page) are not API answers (api-docs.test.ts).
    apiRoutes = t.routes.filter((route) => route.url.startsWith('/api/') && !route.hidden);
  });

  afterAll(async () => {
    await t?.close();
  });

  const keysOf = (routes: TRoute[]) => routes.map((route) => route.key);

  it('declares a success answer for every /api route: a 2xx shape, or the 302 of a redirect', () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    expect(keysOf(apiRoutes.filter((route) => !route.responses.some((status) => /^(2\d\d|302)$/.test(status))))).toEqual([]);
  });

  it('marks as MEMBERS_ONLY exactly the routes whose handler calls requireUser (or requireStaff, requireAdmin), and each declares its 401', () => {
    expect(keysOf(apiRoutes.filter((route) => route.membersOnly !== /\brequire(User|Staff|Admin)\b/.test(String(route.handler))))).toEqual([]);
    expect(keysOf(apiRoutes.filter((route) => route.membersOnly && !route.responses.includes('401')))).toEqual([]);
    expect(apiRoutes.filter((route) => route.membersOnly).length).toBeGreaterThan(15);
  });

  it('declares 400 on every route that validates its input, and 403 on every state-changing route the origin check guards', () => {
    const validates = (route: TRoute) => Object.values(route.schema).some((schema) => schema !== undefined);
    expect(keysOf(apiRoutes.filter((route) => validates(route) && !route.responses.includes('400')))).toEqual([]);
    const guarded = apiRoutes.filter((route) => isStateChanging(route) && !ORIGIN_EXEMPT.has(route.url));
    expect(keysOf(guarded.filter((route) => !route.responses.includes('403')))).toEqual([]);
  });
});

describe('the response serializer', () => {
  const creator: TPublicUser = {
    id: 7,
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    bio: null,
    website: null,
    location: null,
    profileImageUrl: null,
    title: null,
    twitterUrl: null,
    dribbbleUrl: null,
    behanceUrl: null,
    createdAt: '2025-01-06T10:00:00.000Z',
  };
  const profile: TCreatorProfile = {
    user: creator,
    stats: { projects: 1, likes: 2, views: 3, liked: 0, followers: 0, following: 0 },
    isFollowing: false,
    isBlocked: false,
    invitedBy: null,
  };

  /** An app with the real error handler and one route declaring ZCreatorProfile, answering what a presenter returned. */
  async function appAnswering(answer: unknown) {
    const logs: Record<string, unknown>[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logs.push(JSON.parse(line)) } } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.withTypeProvider<ZodTypeProvider>().get('/api/users/:id', { schema: { response: { 200: ZCreatorProfile } } }, async () => answer as TCreatorProfile);
    await app.ready();
    return { app, logs };
  }

  it("never sends a creator's e-mail or password hash, even when a presenter returned them", async () => {
    const leaky = { ...profile, email: 'ada@example.com', user: { ...creator, email: 'ada@example.com', password_hash: '$argon2id$secret' } };
    const { app } = await appAnswering(leaky);
    const response = await app.inject({ method: 'GET', url: '/api/users/7' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(profile);
    expect(response.body).not.toMatch(/ada@example\.com|argon2id|password/);
    await app.close();
  });

  it('answers 500 without any part of an answer that does not match its schema, and logs the route and the zod issues', async () => {
    const { user: _user, ...withoutCreator } = profile;
    const { app, logs } = await appAnswering(withoutCreator);
    const response = await app.inject({ method: 'GET', url: '/api/users/7' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    expect(logs).toContainEqual(
      expect.objectContaining({
        msg: 'response does not match its schema',
        route: 'GET /api/users/:id',
        issues: [expect.objectContaining({ path: ['user'] })],
      }),
    );
    await app.close();
  });
});

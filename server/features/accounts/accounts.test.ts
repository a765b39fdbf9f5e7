import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, countRows, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildCode, buildUser, cookieFor, FACTORY_PASSWORD, sessionCookieFrom, signupBody } from '../../test/factories';
import { SIGNIN_ACCOUNT_IP_RULE, SIGNIN_FAILED, SIGNUP_CODE_RULE } from './accounts.service';
import { hashSessionToken } from './session-tokens';

describe.each(ENGINES)('auth on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers a visitor at /api/auth/me (and /api/auth/user) with 200 and no user, so no page logs an error', async () => {
    for (const url of ['/api/auth/me', '/api/auth/user']) {
      for (const headers of [{}, { cookie: 'sid=not-a-session' }]) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toBeNull();
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });

  describe('sign-up', () => {
    it('creates the account, uses the code, records the inviter, gives 3 codes and signs in', async () => {
      const inviter = await buildUser(t.ctx);
      const code = await buildCode(t.ctx, inviter.id);
      const body = signupBody(code.code, { email: '  Ada@Example.COM ' });
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
      expect(response.statusCode).toBe(201);
      const user = response.json();
      expect(user).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace' });
      expect(user).not.toHaveProperty('passwordHash');
      expect(JSON.stringify(user)).not.toContain('argon2');

      const row = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.invited_by).toBe(inviter.id);
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const used = await t.ctx.db.selectFrom('invitation_codes').selectAll().where('id', '=', code.id).executeTakeFirstOrThrow();
      expect(used.used_by).toBe(user.id);
      expect(used.used_at).not.toBeNull();
      const own = await t.ctx.db.selectFrom('invitation_codes').selectAll().where('owner_id', '=', user.id).execute();
      expect(own).toHaveLength(3);

      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookieFrom(response) } });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(user.id);
    });

    it('makes exactly one account from one code under 20 concurrent sign-ups', async () => {
      const code = await buildCode(t.ctx);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code, { email: `racer${i}@example.com` }) })),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 410)).toHaveLength(19);
      expect(await countRows(t.ctx, 'users')).toBe(1);
    });

    it('refuses a used invitation code with 410 and creates no account', async () => {
      const code = await buildCode(t.ctx);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code) })).statusCode).toBe(201);
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code) });
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ message: 'This invitation code has already been used' });
      expect(await countRows(t.ctx, 'users')).toBe(1);
    });

    it('refuses an unknown code with 404 and a badly formed one with 400', async () => {
      const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody('ABCDEFGH12') });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody('not a code!') });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Validation failed', details: [{ field: 'invitationCode', message: 'Invalid invitation code format. Please enter a valid code.' }] });
      expect(await countRows(t.ctx, 'users')).toBe(0);
    });

    it('answers every SPEC §5 message for an empty form', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'nope', password: 'short', firstName: ' ', lastName: '', invitationCode: '' },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message).toBe('Validation failed');
      expect(body.details).toEqual(
        expect.arrayContaining([
          { field: 'email', message: 'Please enter a valid email address' },
          { field: 'password', message: 'Password must be at least 8 characters long' },
          { field: 'firstName', message: 'First name is required' },
          { field: 'lastName', message: 'Last name is required' },
          { field: 'invitationCode', message: 'Invitation code is required' },
        ]),
      );
    });

    it('refuses a second account for the same e-mail, whatever its case, and keeps the code', async () => {
      await buildUser(t.ctx, { email: 'taken@example.com' });
      const code = await buildCode(t.ctx);
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code, { email: 'TAKEN@example.com' }) });
      expect(response.statusCode).toBe(409);
      const row = await t.ctx.db.selectFrom('invitation_codes').selectAll().where('id', '=', code.id).executeTakeFirstOrThrow();
      expect(row.used_at).toBeNull();
    });

    const signup = (body: Record<string, unknown>, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress });

    it('lets one code test at most 5 e-mails for membership, from any number of addresses', async () => {
      const members = await Promise.all(Array.from({ length: SIGNUP_CODE_RULE.points + 1 }, () => buildUser(t.ctx)));
      const code = await buildCode(t.ctx);
      for (const [i, member] of members.slice(0, SIGNUP_CODE_RULE.points).entries()) {
        const taken = await signup(signupBody(code.code, { email: member.email }), `203.0.113.${i + 1}`);
        expect([taken.statusCode, taken.json()]).toEqual([409, { message: 'An account with this email already exists' }]);
      }
      const blocked = await signup(signupBody(code.code, { email: members.at(-1)!.email }), '203.0.113.99');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Even a new e-mail waits with that code; another code works from the same address.
      expect((await signup(signupBody(code.code), '203.0.113.99')).statusCode).toBe(429);
      expect((await signup(signupBody((await buildCode(t.ctx)).code), '203.0.113.99')).statusCode).toBe(201);
    });

    it('lets one address test at most 5 e-mails for membership, whatever codes it holds', async () => {
      const members = await Promise.all(Array.from({ length: SIGNUP_CODE_RULE.points + 1 }, () => buildUser(t.ctx)));
      for (const member of members.slice(0, SIGNUP_CODE_RULE.points)) {
        expect((await signup(signupBody((await buildCode(t.ctx)).code, { email: member.email }), '203.0.113.50')).statusCode).toBe(409);
      }
      const code = await buildCode(t.ctx);
      expect((await signup(signupBody(code.code, { email: members.at(-1)!.email }), '203.0.113.50')).statusCode).toBe(429);
      expect((await signup(signupBody(code.code), '203.0.113.50')).statusCode).toBe(429);
      expect((await signup(signupBody(code.code), '203.0.113.51')).statusCode).toBe(201);
    });
  });

  describe('sign-in', () => {
    it('answers an unknown e-mail and a wrong password identically', async () => {
      await buildUser(t.ctx, { email: 'known@example.com' });
      const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'nobody@example.com', password: 'whatever-123' } });
      const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'known@example.com', password: 'whatever-123' } });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.body).toBe(wrong.body);
      expect(wrong.json()).toEqual({ message: SIGNIN_FAILED });
    });

    it('sets an HttpOnly, SameSite=Lax session cookie and stores only its hash', async () => {
      const user = await buildUser(t.ctx, { email: 'cookie@example.com' });
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'Cookie@example.com', password: FACTORY_PASSWORD } });
      expect(response.statusCode).toBe(200);
      const header = String(response.headers['set-cookie']);
      expect(header).toMatch(/HttpOnly/);
      expect(header).toMatch(/SameSite=Lax/);
      expect(header).not.toMatch(/Secure/);
      const token = response.cookies.find((c) => c.name === 'sid')!.value;
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const rows = await t.ctx.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
      expect(rows.map((r) => r.token_hash)).toEqual([hashSessionToken(token)]);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('gives a new token at every sign-in', async () => {
      await buildUser(t.ctx, { email: 'rotate@example.com' });
      const payload = { email: 'rotate@example.com', password: FACTORY_PASSWORD };
      const first = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload });
      const second = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload, headers: { cookie: sessionCookieFrom(first) } });
      expect(sessionCookieFrom(second)).not.toBe(sessionCookieFrom(first));
      const old = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookieFrom(first) } });
      expect(old.json()).toBeNull();
    });

    const signin = (email: string, password: string, remoteAddress = '198.51.100.1') => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress });

    it('blocks an account from one address after 8 failures with 429 and Retry-After, and only from that address', async () => {
      await buildUser(t.ctx, { email: 'target@example.com' });
      const statuses = [];
      for (let i = 0; i < SIGNIN_ACCOUNT_IP_RULE.points; i += 1) statuses.push((await signin('target@example.com', `guess-${i}-xx`, '203.0.113.9')).statusCode);
      expect(statuses).toEqual(Array(SIGNIN_ACCOUNT_IP_RULE.points).fill(401));
      const blocked = await signin('target@example.com', `guess-again`, '203.0.113.9');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Even the right password, from that address: the pair is checked first.
      expect((await signin('target@example.com', FACTORY_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
      // The owner's own address is another pair.
      expect((await signin('target@example.com', FACTORY_PASSWORD, '198.51.100.77')).statusCode).toBe(200);
    });

    it('never locks the owner out: after 8 wrong passwords from other addresses the right one from theirs signs in, only slowed down', async () => {
      await buildUser(t.ctx, { email: 'owner@example.com' });
      for (let i = 0; i < 8; i += 1) expect((await signin('owner@example.com', `guess-${i}-xx`, `203.0.113.${i + 10}`)).statusCode).toBe(401);
      const owner = await signin('owner@example.com', FACTORY_PASSWORD, '198.51.100.5');
      expect(owner.statusCode).toBe(200);
      // No wait for the first 5 failures, then 250 ms doubling: before the 6th, 7th, 8th attempt and the owner's.
      expect(t.sleeps).toEqual([250, 500, 1000, 2000]);
    });

    it('slows every answer for an account under attack alike, right or wrong password, known or unknown e-mail', async () => {
      await buildUser(t.ctx, { email: 'busy@example.com' });
      for (let i = 0; i < 6; i += 1) await signin('busy@example.com', `guess-${i}-xx`, `203.0.113.${i + 10}`);
      for (let i = 0; i < 6; i += 1) await signin('nobody@example.com', `guess-${i}-xx`, `203.0.113.${i + 10}`);
      expect(t.sleeps).toEqual([250, 250]);
      t.sleeps.length = 0;
      expect((await signin('busy@example.com', 'still-wrong', '198.51.100.5')).statusCode).toBe(401);
      expect((await signin('nobody@example.com', 'still-wrong', '198.51.100.5')).statusCode).toBe(401);
      expect(t.sleeps).toEqual([500, 500]);
    });

    it('forgets the failures of an account from an address once the right password comes from it', async () => {
      await buildUser(t.ctx, { email: 'forgetful@example.com' });
      const points = SIGNIN_ACCOUNT_IP_RULE.points;
      for (let i = 0; i < points - 1; i += 1) expect((await signin('forgetful@example.com', `typo-${i}-xx`)).statusCode).toBe(401);
      expect((await signin('forgetful@example.com', FACTORY_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < points - 1; i += 1) expect((await signin('forgetful@example.com', `typo-${i}-yy`)).statusCode).toBe(401);
      expect((await signin('forgetful@example.com', FACTORY_PASSWORD)).statusCode).toBe(200);
    });

    it('throttles many failures from one IP across accounts', async () => {
      let last = null;
      for (let i = 0; i < 31; i += 1) {
        last = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: `spray${i}@example.com`, password: 'password-123' } });
      }
      expect(last!.statusCode).toBe(429);
      expect(last!.headers['retry-after']).toBeDefined();
    });
  });

  describe('sessions', () => {
    it('no longer knows the old cookie after sign-out: a visitor again', async () => {
      const user = await buildUser(t.ctx);
      const cookie = await cookieFor(t.ctx, user);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie } });
      expect(out.statusCode).toBe(204);
      expect(await countRows(t.ctx, 'sessions')).toBe(0);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toBeNull();
    });

    it('answers the same at /api/auth/user, and no user when signed out', async () => {
      const user = await buildUser(t.ctx);
      const cookie = await cookieFor(t.ctx, user);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(me.json()).toMatchObject({ id: user.id, email: user.email });
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).json()).toBeNull();
    });

    it('ends a session after the idle period and at the absolute expiry', async () => {
      const user = await buildUser(t.ctx);
      const idle = await cookieFor(t.ctx, user);
      t.clock.advance(t.config.session.idleMs + 1000);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: idle } })).json()).toBeNull();

      const busy = await cookieFor(t.ctx, user);
      const step = t.config.session.idleMs / 2;
      for (let elapsed = 0; elapsed < t.config.session.absoluteMs - step; elapsed += step) {
        t.clock.advance(step);
        expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: busy } })).statusCode).toBe(200);
      }
      t.clock.advance(step * 2);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: busy } })).json()).toBeNull();
    });

    it('marks the cookie Secure and sends HSTS behind a TLS proxy', async () => {
      const secure = await buildTestApp(engine, { env: { TRUST_PROXY: 'true' } });
      try {
        await buildUser(secure.ctx, { email: 'secure@example.com' });
        const response = await secure.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'secure@example.com', password: FACTORY_PASSWORD } });
        expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
        expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
      } finally {
        await secure.close();
      }
    });
  });

  describe('old full-page endpoints', () => {
    const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    const logout = (cookie: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, ...headers } });

    it('redirects /api/login to the sign-in page', async () => {
      const login = await t.app.inject({ method: 'GET', url: '/api/login' });
      expect(login.statusCode).toBe(302);
      expect(login.headers.location).toBe('/login');
    });

    it('passes a same-site way back and the pending action on to /login, and drops any other (issue 16)', async () => {
      const location = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/login?${query}` })).headers.location;
      expect(await location('next=%2Fproject%2Fsunset&do=like&id=42')).toBe('/login?next=%2Fproject%2Fsunset&do=like&id=42');
      expect(await location('next=%2Fupload')).toBe('/login?next=%2Fupload');
      expect(await location('next=%2Fproject%2Fx&do=explode&id=1')).toBe('/login?next=%2Fproject%2Fx');
      for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example', '/%09/evil.example', '/login', 'evil']) {
        expect(await location(`next=${encodeURIComponent(decodeURIComponent(next))}&do=like&id=1`)).toBe('/login');
      }
    });

    it('signs out on GET /api/logout from our own pages or the address bar (Sec-Fetch-Site same-origin or none)', async () => {
      const user = await buildUser(t.ctx);
      for (const site of ['same-origin', 'none']) {
        const cookie = await cookieFor(t.ctx, user);
        const response = await logout(cookie, { 'sec-fetch-site': site });
        expect([response.statusCode, response.headers.location]).toEqual([302, '/']);
        expect(String(response.headers['set-cookie'])).toMatch(/^sid=;/);
        expect((await me(cookie)).json()).toBeNull();
      }
    });

    it('keeps the session on a GET /api/logout from another site or another origin of the same site, and redirects home', async () => {
      const user = await buildUser(t.ctx);
      const cookie = await cookieFor(t.ctx, user);
      for (const site of ['cross-site', 'same-site']) {
        const response = await logout(cookie, { 'sec-fetch-site': site, referer: 'https://evil.example/page' });
        expect([response.statusCode, response.headers.location]).toEqual([302, '/']);
        expect(response.headers['set-cookie']).toBeUndefined();
        expect((await me(cookie)).statusCode).toBe(200);
      }
    });

    it('without Sec-Fetch-Site (older browsers) signs out only with a Referer of this site', async () => {
      const user = await buildUser(t.ctx);
      const cookie = await cookieFor(t.ctx, user);
      for (const headers of [{}, { referer: 'https://evil.example/' }, { referer: 'not a url' }] as Record<string, string>[]) {
        expect((await logout(cookie, headers)).headers.location).toBe('/');
        expect((await me(cookie)).statusCode).toBe(200);
      }
      expect((await logout(cookie, { referer: `${t.config.publicUrl}/profile` })).headers.location).toBe('/');
      expect((await me(cookie)).json()).toBeNull();
    });
  });
});

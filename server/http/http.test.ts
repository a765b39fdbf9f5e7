import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, countRows, ENGINES, type TTestApp, whileChangingSchema } from '../test/build-test-app';
import { buildCode, buildUser, cookieFor, sessionCookieFrom, signupBody } from '../test/factories';

describe.each(ENGINES)('HTTP guards on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const code = await buildCode(t.ctx);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: 'https://evil.example' },
      payload: signupBody(code.code),
    });
    expect(response.statusCode).toBe(403);
    expect(await countRows(t.ctx, 'users')).toBe(0);
  });

  it('refuses Sec-Fetch-Site: cross-site and accepts the own origin', async () => {
    const user = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, user);
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect(await countRows(t.ctx, 'sessions')).toBe(1);
    const sameOrigin = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie, host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(204);
  });

  it('lets GET requests from elsewhere through (they change nothing)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
  });

  it('answers a text/plain body on a JSON route with 415', async () => {
    const code = await buildCode(t.ctx);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(signupBody(code.code)),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/application\/json/);
    expect(await countRows(t.ctx, 'users')).toBe(0);
  });

  it('answers malformed JSON with 400 and no internals', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Malformed JSON body' });
  });

  it('sends the security headers on every response: the page set outside /api, the data set on /api', async () => {
    for (const url of ['/healthz', '/sitemap.xml', '/api/auth/me', '/api/nowhere', '/api/projects']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      if (url.startsWith('/api/')) {
        expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
      } else {
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      }
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets Stripe.js load, frame and call Stripe only when Stripe takes the payments', async () => {
    const directives = (header: unknown) =>
      new Map(
        String(header)
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name, ...sources]) => [name, sources.join(' ')] as const),
      );

    const testMode = directives((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(testMode.get('script-src')).toBe("'self'");
    expect(testMode.get('connect-src')).toBe("'self'");
    expect(testMode.has('frame-src')).toBe(false);

    const withStripe = await buildTestApp(engine, { env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' } });
    try {
      const stripe = directives((await withStripe.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
      expect(stripe.get('script-src')).toBe("'self' https://js.stripe.com");
      expect(stripe.get('frame-src')).toBe('https://js.stripe.com https://hooks.stripe.com');
      expect(stripe.get('connect-src')).toBe("'self' https://api.stripe.com");
      expect(stripe.get('frame-ancestors')).toBe("'none'");
    } finally {
      await withStripe.close();
    }
  });

  it('answers a 500 without a stack trace or SQL', async () => {
    const user = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, user);
    // Break the database under the app: the next query fails inside the driver.
    // (While no other test reads across the schemas: PostgreSQL's introspection fails on a table gone mid-read.)
    await whileChangingSchema(engine, () => t.ctx.db.schema.dropTable('invitation_codes').execute());
    const response = await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    expect(response.body).not.toMatch(/invitation_codes|select|at .*\.ts/i);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/not found/);
  });

  it('never sends an e-mail address or password hash in a public payload', async () => {
    const code = await buildCode(t.ctx);
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code, { email: 'secret-owner@example.com' }) });
    const cookie = sessionCookieFrom(signup);
    const other = await cookieFor(t.ctx, await buildUser(t.ctx));
    const codes = (await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie } })).json();
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(codes[0].code, { email: 'invitee-secret@example.com' }) });

    const publicResponses = [
      await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie: other } }),
      await t.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code: codes[1].code } }),
      await t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other } }),
    ];
    for (const response of publicResponses) {
      expect(response.body).not.toContain('secret-owner@example.com');
      expect(response.body).not.toContain('invitee-secret@example.com');
      expect(response.body).not.toMatch(/argon2|password/i);
    }
    // The one place the own e-mail appears.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().email).toBe('secret-owner@example.com');
    expect(me.body).not.toMatch(/argon2|passwordHash|password_hash/);
  });
});

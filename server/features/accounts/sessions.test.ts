import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SESSIONS_PER_MEMBER, SESSION_USER_AGENT_MAX } from '../../../shared/constants';
import type { TSession } from '../../../shared/schemas/session';
import type { TCurrentUser } from '../../../shared/schemas/user';
import { buildTestApp, countRows, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildUser, cookieFor, FACTORY_PASSWORD, sessionCookieFrom } from '../../test/factories';
import { describeUserAgent } from './session.presenter';
import { hashSessionToken } from './session-tokens';
import { endSessionsOf, SESSION_KEPT_MS } from './sessions.service';

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('browser and OS from a User-Agent', () => {
  it('names the browser with its major version and the OS', () => {
    expect(describeUserAgent(MAC_CHROME)).toEqual({ browser: 'Chrome 131', os: 'macOS' });
    expect(describeUserAgent(WINDOWS_FIREFOX)).toEqual({ browser: 'Firefox 133', os: 'Windows 10' });
    expect(describeUserAgent(IPHONE_SAFARI)).toEqual({ browser: 'Safari 17', os: 'iOS 17' });
  });

  it('says unknown when the User-Agent says nothing', () => {
    expect(describeUserAgent(null)).toEqual({ browser: 'Unknown browser', os: 'Unknown OS' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: 'Unknown browser', os: 'Unknown OS' });
  });
});

describe.each(ENGINES)('sessions on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  async function signIn(email: string, userAgent: string): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: FACTORY_PASSWORD }, headers: { 'user-agent': userAgent } });
    expect(response.statusCode).toBe(200);
    return sessionCookieFrom(response);
  }
  const list = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie } });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  it('lists my live sessions, this one first and the others most recently used first, with browser and OS', async () => {
    const user = await buildUser(t.ctx, { email: 'many@example.com' });
    const laptop = await signIn('many@example.com', MAC_CHROME);
    t.clock.advance(60_000);
    const desktop = await signIn('many@example.com', WINDOWS_FIREFOX);
    t.clock.advance(60_000);
    const phone = await signIn('many@example.com', IPHONE_SAFARI);
    // Used after the others, even after this one (whose use is noted at most once a minute): it moves up, but not above this one.
    t.clock.advance(30_000);
    expect((await me(laptop)).statusCode).toBe(200);
    t.clock.advance(15_000);
    const other = await buildUser(t.ctx);
    await cookieFor(t.ctx, other);

    const response = await list(phone);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const sessions: TSession[] = response.json();
    // This one first, then the others by last use: the laptop was used after the desktop.
    expect(sessions.map(({ browser, os, current }) => ({ browser, os, current }))).toEqual([
      { browser: 'Safari 17', os: 'iOS 17', current: true },
      { browser: 'Chrome 131', os: 'macOS', current: false },
      { browser: 'Firefox 133', os: 'Windows 10', current: false },
    ]);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }
    // Nothing that signs in: no token, no token hash.
    const hashes = (await t.ctx.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute()).map((row) => row.token_hash);
    for (const secret of [...hashes, desktop.split('=')[1]!]) expect(response.body).not.toContain(secret);
  });

  it('leaves out ended sessions and needs a signed-in member', async () => {
    const user = await buildUser(t.ctx);
    await cookieFor(t.ctx, user);
    t.clock.advance(t.config.session.idleMs + 1000);
    const cookie = await cookieFor(t.ctx, user);
    expect((await list(cookie)).json()).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });

  it('keeps the first 256 characters of a User-Agent', async () => {
    const user = await buildUser(t.ctx, { email: 'long@example.com' });
    await signIn('long@example.com', `${MAC_CHROME} ${'x'.repeat(1000)}`);
    const row = await t.ctx.db.selectFrom('sessions').select('user_agent').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.user_agent).toHaveLength(SESSION_USER_AGENT_MAX);
  });

  it('ends one of my other sessions by its id: that browser is signed out, this one stays', async () => {
    await buildUser(t.ctx, { email: 'two@example.com' });
    const here = await signIn('two@example.com', MAC_CHROME);
    const there = await signIn('two@example.com', WINDOWS_FIREFOX);
    const target = (await list(here)).json().find((session: TSession) => !session.current);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, headers: { cookie: here } });
    expect(response.statusCode).toBe(204);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await me(there)).json()).toBeNull();
    expect((await me(here)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, headers: { cookie: here } });
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'Session not found' }]);
  });

  it("answers 404 for another member's session and ends nothing", async () => {
    const owner = await buildUser(t.ctx);
    const ownerCookie = await cookieFor(t.ctx, owner);
    const [ownerSession] = (await list(ownerCookie)).json();
    const stranger = await cookieFor(t.ctx, await buildUser(t.ctx));
    const response = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${ownerSession.id}`, headers: { cookie: stranger } });
    expect(response.statusCode).toBe(404);
    expect((await me(ownerCookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${ownerSession.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/not%20an%20id', headers: { cookie: stranger } })).statusCode).toBe(400);
  });

  it('signs this browser out when the session ended is this one', async () => {
    const user = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, user);
    const [session] = (await list(cookie)).json();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${session.id}`, headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=;/);
    expect((await me(cookie)).json()).toBeNull();
  });

  it('signs out everywhere else: every other session of mine ends, this one and other members’ stay', async () => {
    const user = await buildUser(t.ctx);
    const others = [await cookieFor(t.ctx, user), await cookieFor(t.ctx, user)];
    const here = await cookieFor(t.ctx, user);
    const stranger = await cookieFor(t.ctx, await buildUser(t.ctx));
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/end-others', headers: { cookie: here } });
    expect([response.statusCode, response.json()]).toEqual([200, { ended: 2 }]);
    for (const cookie of others) expect((await me(cookie)).json()).toBeNull();
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(stranger)).statusCode).toBe(200);
    expect((await list(here)).json()).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sessions/end-others' })).statusCode).toBe(401);
  });

  it('endSessionsOf ends all of a member’s sessions, or all but the one kept', async () => {
    const user = await buildUser(t.ctx);
    const kept = await cookieFor(t.ctx, user);
    await cookieFor(t.ctx, user);
    const stranger = await cookieFor(t.ctx, await buildUser(t.ctx));
    expect(await endSessionsOf(t.ctx, user.id, hashSessionToken(kept.slice(kept.indexOf('=') + 1)))).toBe(1);
    expect((await me(kept)).statusCode).toBe(200);
    expect(await endSessionsOf(t.ctx, user.id)).toBe(1);
    expect((await me(kept)).json()).toBeNull();
    expect((await me(stranger)).statusCode).toBe(200);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_MEMBER} sessions per member, ending the least recently used`, async () => {
    const user = await buildUser(t.ctx);
    const cookies: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_MEMBER + 2; i += 1) {
      cookies.push(await cookieFor(t.ctx, user));
      t.clock.advance(1000);
    }
    expect(await countRows(t.ctx, 'sessions')).toBe(MAX_SESSIONS_PER_MEMBER);
    expect((await me(cookies[0]!)).json()).toBeNull();
    expect((await me(cookies[1]!)).json()).toBeNull();
    expect((await me(cookies[2]!)).statusCode).toBe(200);
    expect((await me(cookies.at(-1)!)).statusCode).toBe(200);
  });

  it("keeps who a session signs in for a few seconds: a change behind the app's back shows after that, the app's own changes and ended sessions at once", async () => {
    const user = await buildUser(t.ctx, { email: 'kept@example.com' });
    const cookie = await signIn('kept@example.com', MAC_CHROME);
    const current = async (of = cookie) => (await me(of)).json<TCurrentUser | null>();
    expect(await current()).toMatchObject({ role: 'member', showMature: false });
    // Behind the app's back (another process without Redis, a hand edit): kept until SESSION_KEPT_MS has passed.
    await t.ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', user.id).execute();
    expect((await current())?.role).toBe('member');
    t.clock.advance(SESSION_KEPT_MS + 1);
    expect((await current())?.role).toBe('moderator');
    // A staff member's session is never kept: the operator's demotion (another process) shows at once.
    await t.ctx.db.updateTable('users').set({ role: 'member' }).where('id', '=', user.id).execute();
    expect((await current())?.role).toBe('member');
    // Through the app: at once.
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/preferences', payload: { showMature: true }, headers: { cookie } })).statusCode).toBe(200);
    expect((await current())?.showMature).toBe(true);
    // A session ended (signed out here, or everywhere else from another browser) signs nobody in at once.
    const phone = await signIn('kept@example.com', IPHONE_SAFARI);
    const desktop = await signIn('kept@example.com', WINDOWS_FIREFOX);
    expect(await current(phone)).not.toBeNull();
    expect(await current(desktop)).not.toBeNull();
    await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: phone } });
    expect(await current(phone)).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sessions/end-others', headers: { cookie } })).statusCode).toBe(200);
    expect(await current(desktop)).toBeNull();
    expect(await current()).not.toBeNull();
  });
});

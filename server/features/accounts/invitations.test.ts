import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, INVITE_CODE_ALPHABET } from '../../../shared/constants';
import { loadConfig } from '../../config';
import { buildTestApp, countRows, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildCode, buildUser, cookieFor, sessionCookieFrom, signupBody } from '../../test/factories';
import { newInvitationCode } from './invitation-code';
import { CODE_GUESS_RULE, CODE_GUESS_SLOWDOWN } from './invitations.service';
import { ensureOperatorCode } from './operator-code';

describe('invitation code generator', () => {
  it('makes 10-character Crockford base32 codes (50 bits) without repeats', () => {
    const codes = new Set(Array.from({ length: 5000 }, newInvitationCode));
    expect(codes.size).toBe(5000);
    for (const code of codes) {
      expect(code).toHaveLength(10);
      for (const char of code) expect(INVITE_CODE_ALPHABET).toContain(char);
    }
  });
});

describe.each(ENGINES)('invitation codes on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  async function signUpMember() {
    const code = await buildCode(t.ctx);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code) });
    return { cookie: sessionCookieFrom(response), user: response.json() };
  }

  it('lists my codes with isUsed as text and the name of who used each', async () => {
    const { cookie, user } = await signUpMember();
    const list = await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const codes = list.json();
    expect(codes).toHaveLength(3);
    expect(codes.every((c: { isUsed: string }) => c.isUsed === 'false')).toBe(true);

    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(codes[0].code, { firstName: 'Alan', lastName: 'Turing' }) });
    const after = (await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie } })).json();
    const used = after.find((c: { code: string }) => c.code === codes[0].code);
    expect(used).toMatchObject({ isUsed: 'true', usedBy: 'Alan Turing' });
    expect(used.usedAt).toEqual(expect.any(String));
    expect(JSON.stringify(after)).not.toContain('@');
    const invitee = await t.ctx.db.selectFrom('users').select('invited_by').where('first_name', '=', 'Alan').executeTakeFirstOrThrow();
    expect(invitee.invited_by).toBe(user.id);
  });

  it('refuses to generate past INVITES_PER_USER with 403 and a clear message', async () => {
    const { cookie } = await signUpMember();
    const response = await t.app.inject({ method: 'POST', url: '/api/invitation-codes/generate', headers: { cookie }, payload: { count: 3 } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/maximum of 3 invitation codes/);
    expect(await countRows(t.ctx, 'invitation_codes')).toBe(4);
  });

  it('generates up to the allowance, also under concurrent requests', async () => {
    const roomy = await buildTestApp(engine, { env: { INVITES_PER_USER: '5' } });
    try {
      const member = await buildUser(roomy.ctx);
      const cookie = await cookieFor(roomy.ctx, member);
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => roomy.app.inject({ method: 'POST', url: '/api/invitation-codes/generate', headers: { cookie }, payload: { count: 3 } })),
      );
      const created = responses.filter((r) => r.statusCode === 201).flatMap((r) => r.json());
      expect(created).toHaveLength(5);
      expect(responses.filter((r) => r.statusCode === 403).length).toBeGreaterThan(0);
      const held = await roomy.ctx.db.selectFrom('invitation_codes').select('id').where('owner_id', '=', member.id).execute();
      expect(held).toHaveLength(5);
    } finally {
      await roomy.close();
    }
  });

  it('tells how many codes a member holds of the allowance, and whether they may invite (issue 16)', async () => {
    const { cookie, user } = await signUpMember();
    const allowance = () => t.app.inject({ method: 'GET', url: '/api/invitation-codes/allowance', headers: { cookie } });
    const full = await allowance();
    expect(full.statusCode).toBe(200);
    expect(full.headers['cache-control']).toBe('no-store');
    expect(full.json()).toEqual({ held: 3, limit: 3, canInvite: true });

    const [code] = (await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie } })).json();
    await t.app.inject({ method: 'DELETE', url: `/api/invitation-codes/${code.id}`, headers: { cookie } });
    expect((await allowance()).json()).toEqual({ held: 2, limit: 3, canInvite: true });

    await t.ctx.db.updateTable('users').set({ can_invite: 0 }).where('id', '=', user.id).execute();
    expect((await allowance()).json()).toEqual({ held: 2, limit: 3, canInvite: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/invitation-codes/allowance' })).statusCode).toBe(401);
  });

  it('needs a signed-in member to list or generate', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/invitation-codes' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/invitation-codes/generate', payload: { count: 1 } })).statusCode).toBe(401);
  });

  it('validates: 200 valid, 400 bad format, 404 unknown, 410 used', async () => {
    const fresh = await buildCode(t.ctx);
    const used = await buildCode(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(used.code) });
    const validate = (code: string) => t.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code } });

    const ok = await validate(fresh.code.toLowerCase().replace(/(.{5})/, '$1-'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true, code: fresh.code });
    expect((await validate('??')).statusCode).toBe(400);
    expect((await validate('ZZZZZZZZZZ')).statusCode).toBe(404);
    const gone = await validate(used.code);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: 'This invitation code has already been used' });
    expect((await validate(fresh.code)).statusCode).toBe(200);
  });

  it('throttles code guessing per IP with 429, for validation and sign-up alike', async () => {
    const real = await buildCode(t.ctx);
    const guesses = Array.from({ length: 10 }, (_, i) => `ZZZZZZZZ${String(i).padStart(2, '0')}`);
    for (const code of guesses) {
      const response = await t.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code } });
      expect(response.statusCode).toBe(404);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code: real.code } });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(real.code) });
    expect(signup.statusCode).toBe(429);
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code: real.code }, remoteAddress: '10.9.8.7' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('behind a proxy (TRUST_PROXY) counts guesses against the address the proxy appended, which the client cannot forge', async () => {
    const behindProxy = await buildTestApp(engine, { env: { TRUST_PROXY: 'true' } });
    try {
      const real = await buildCode(behindProxy.ctx);
      // The proxy (10.0.0.2) appends the address it saw to whatever X-Forwarded-For the client sent.
      const guess = (forwardedFor: string, code: string) =>
        behindProxy.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code }, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': forwardedFor } });
      for (let i = 0; i < CODE_GUESS_RULE.points; i += 1) {
        // A made-up address of its own in front each time does not give the client a fresh allowance.
        expect((await guess(`198.51.100.${i}, 203.0.113.7`, `ZZZZZZZZ${String(i).padStart(2, '0')}`)).statusCode).toBe(404);
      }
      expect((await guess('203.0.113.7', real.code)).statusCode).toBe(429);
      // Another client behind the same proxy is not blocked with it: the proxy's own address is not the key.
      expect((await guess('203.0.113.8', real.code)).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });

  it('gives an empty site one operator code, the same one until someone signs up', async () => {
    const first = await ensureOperatorCode(t.ctx);
    expect(first).toMatch(/^[0-9A-Z]{10}$/);
    expect(await ensureOperatorCode(t.ctx)).toBe(first);
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(first!) });
    expect(await ensureOperatorCode(t.ctx)).toBeNull();
  });

  describe('expiry', () => {
    const validate = (code: string, remoteAddress = '198.51.100.1') => t.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code }, remoteAddress });

    it('refuses a code 30 days after it was made with 410, on validation and sign-up, and creates no account', async () => {
      const code = await buildCode(t.ctx);
      t.clock.advance(29 * DAY_MS);
      expect((await validate(code.code)).statusCode).toBe(200);
      t.clock.advance(DAY_MS);
      const expired = await validate(code.code);
      expect([expired.statusCode, expired.json()]).toEqual([410, { message: 'This invitation code has expired' }]);
      const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code) });
      expect([signup.statusCode, signup.json()]).toEqual([410, { message: 'This invitation code has expired' }]);
      expect(await countRows(t.ctx, 'users')).toBe(0);
    });

    it('follows INVITE_TTL_DAYS (30 by default, a whole number of days from 1)', async () => {
      expect(loadConfig({}).inviteTtlDays).toBe(30);
      expect(() => loadConfig({ INVITE_TTL_DAYS: '0' })).toThrow(/^Invalid configuration: INVITE_TTL_DAYS /);
      expect(() => loadConfig({ INVITE_TTL_DAYS: 'a month' })).toThrow(/INVITE_TTL_DAYS/);
      const short = await buildTestApp(engine, { env: { INVITE_TTL_DAYS: '2' } });
      try {
        const code = await buildCode(short.ctx);
        short.clock.advance(DAY_MS);
        expect((await short.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code) })).statusCode).toBe(201);
        const later = await buildCode(short.ctx);
        short.clock.advance(2 * DAY_MS);
        expect((await short.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code: later.code } })).statusCode).toBe(410);
      } finally {
        await short.close();
      }
    });

    it('says when each unused code expires, and frees the allowance of expired unused ones', async () => {
      const { cookie: firstCookie, user } = await signUpMember();
      const codes = (await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie: firstCookie } })).json();
      for (const code of codes) expect(Date.parse(code.expiresAt) - Date.parse(code.createdAt)).toBe(30 * DAY_MS);
      await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(codes[0].code) });
      t.clock.advance(30 * DAY_MS);
      // That session has gone idle meanwhile: the member signs in again.
      const cookie = await cookieFor(t.ctx, await t.ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow());
      const generated = await t.app.inject({ method: 'POST', url: '/api/invitation-codes/generate', headers: { cookie }, payload: { count: 3 } });
      expect(generated.statusCode).toBe(201);
      // The used code still counts: two fresh ones for the two that expired.
      expect(generated.json()).toHaveLength(2);
      // All of them listed: the used one, the two fresh ones, and the two expired ones (to revoke).
      const after: { code: string; isUsed: string; expiresAt: string | null }[] = (await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie } })).json();
      expect(after).toHaveLength(5);
      expect(after.find((code) => code.code === codes[0].code)).toMatchObject({ isUsed: 'true', expiresAt: null });
      const now = t.ctx.now().getTime();
      expect(after.filter((code) => code.expiresAt !== null && Date.parse(code.expiresAt) <= now).map((code) => code.code).sort()).toEqual([codes[1].code, codes[2].code].sort());
      expect(after.slice(0, 2).map((code) => code.code).sort()).toEqual(generated.json().map((code: { code: string }) => code.code).sort());
    });

    it('replaces an expired operator code on an empty site', async () => {
      const first = await ensureOperatorCode(t.ctx);
      t.clock.advance(30 * DAY_MS);
      const second = await ensureOperatorCode(t.ctx);
      expect(second).not.toBe(first);
      expect((await validate(second!)).statusCode).toBe(200);
    });
  });

  describe('revoking', () => {
    const revoke = (id: number, cookie?: string) => t.app.inject({ method: 'DELETE', url: `/api/invitation-codes/${id}`, headers: cookie ? { cookie } : {} });

    it('deletes an unused code of mine, which then no longer works and frees its place', async () => {
      const { cookie } = await signUpMember();
      const [code] = (await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie } })).json();
      expect((await revoke(code.id, cookie)).statusCode).toBe(204);
      expect((await t.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code: code.code } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie } })).json()).toHaveLength(2);
      const generated = await t.app.inject({ method: 'POST', url: '/api/invitation-codes/generate', headers: { cookie }, payload: { count: 3 } });
      expect(generated.json()).toHaveLength(1);
    });

    it("answers 404 for a used code, another member's code and an unknown id, and 401 signed out", async () => {
      const { cookie } = await signUpMember();
      const [used, unused] = (await t.app.inject({ method: 'GET', url: '/api/invitation-codes', headers: { cookie } })).json();
      await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(used.code) });
      const stranger = await cookieFor(t.ctx, await buildUser(t.ctx));
      const codesBefore = await countRows(t.ctx, 'invitation_codes');
      for (const response of [await revoke(used.id, cookie), await revoke(unused.id, stranger), await revoke(2_147_483_647, cookie)]) {
        expect([response.statusCode, response.json()]).toEqual([404, { message: 'Invitation code not found' }]);
      }
      expect((await revoke(unused.id)).statusCode).toBe(401);
      expect(await countRows(t.ctx, 'invitation_codes')).toBe(codesBefore);
    });
  });

  it('slows down guesses from every address together once there have been more than 100, and refuses none', async () => {
    const real = await buildCode(t.ctx);
    const guess = (code: string, i: number) => t.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code }, remoteAddress: `10.${Math.floor(i / 250)}.${i % 250}.1` });
    // Malformed codes are not guesses at a code: they count per address only.
    for (let i = 0; i < 20; i += 1) expect((await guess('not a code', 1000 + i)).statusCode).toBe(400);
    for (let i = 0; i < CODE_GUESS_SLOWDOWN.freeFailures; i += 1) expect((await guess(`ZZZZZZ${String(i).padStart(4, '0')}`, i)).statusCode).toBe(404);
    expect(t.sleeps).toEqual([]);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await guess(`YYYYYY${String(i).padStart(4, '0')}`, 500 + i)).statusCode);
    expect(statuses).toEqual(Array(6).fill(404));
    expect(t.sleeps).toEqual([250, 500, 1000, 2000, 4000, 5000]);
    // The right code still works, only slowly; sign-up waits alike.
    expect((await guess(real.code, 900)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(real.code), remoteAddress: '10.99.0.1' })).statusCode).toBe(201);
    expect(t.sleeps.slice(6)).toEqual([5000, 5000]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, INVALID_RESET_LINK } from '../../../shared/schemas/credentials';
import { buildTestApp, countRows, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildUser, cookieFor, FACTORY_PASSWORD, sessionCookieFrom } from '../../test/factories';
import { PASSWORD_RESET_TTL_MS, RESET_IP_RULE, RESET_MAIL_RULE } from './credentials.service';
import { PASSWORD_TOO_COMMON } from './password-policy';
import { hashSessionToken } from './session-tokens';

const NEW_PASSWORD = 'violet-kettle-orbit';

describe.each(ENGINES)('password reset on %s', (engine) => {
  let t: TTestApp;
  let kicks: number;
  beforeEach(async () => {
    kicks = 0;
    t = await buildTestApp(engine, { onMailQueued: () => (kicks += 1) });
  });
  afterEach(async () => {
    await t.close();
  });

  const forgot = (email: string, remoteAddress = '198.51.100.7') =>
    t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email }, remoteAddress });
  const reset = (token: string, password: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password }, ...(cookie ? { headers: { cookie } } : {}) });
  const outbox = () => t.ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });

  /** The token of the newest reset link mailed to the address. */
  async function mailedToken(email: string): Promise<string> {
    const mails = (await outbox()).filter((mail) => mail.to_address === email);
    const link = /\/reset-password\?token=([\w-]+)/.exec(mails.at(-1)?.text_body ?? '');
    if (!link) throw new Error(`no reset link mailed to ${email}`);
    return link[1]!;
  }

  it('answers a member and a stranger with the same 202 body; only the member gets an e-mail, with a link to PUBLIC_URL', async () => {
    const member = await buildUser(t.ctx);
    const forMember = await forgot(member.email);
    const forStranger = await forgot('nobody-here@example.com');
    await t.settled();

    expect(forMember.statusCode).toBe(202);
    expect(forStranger.statusCode).toBe(202);
    expect(forMember.body).toBe(forStranger.body);
    expect(forMember.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(FORGOT_PASSWORD_ANSWER).toBe("If an account exists for that address, we've sent a link to reset the password. It expires in 1 hour.");
    expect(forMember.headers['set-cookie']).toBeUndefined();

    const mails = await outbox();
    expect(mails.map((mail) => mail.to_address)).toEqual([member.email]);
    expect(mails[0]!.subject).toBe(`Reset your ${t.config.siteName} password`);
    expect(mails[0]!.text_body).toContain(`${t.config.publicUrl}/reset-password?token=`);
    expect(mails[0]!.text_body).toContain('expires in 1 hour');
    expect(kicks).toBe(1);
  });

  it('stores only the SHA-256 of the token, valid for 1 hour', async () => {
    const member = await buildUser(t.ctx);
    await forgot(member.email);
    await t.settled();
    const token = await mailedToken(member.email);
    const rows = await t.ctx.db.selectFrom('account_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token_hash: hashSessionToken(token), user_id: member.id, purpose: 'password_reset', used_at: null });
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime()).toBe(PASSWORD_RESET_TTL_MS);
  });

  it('sets the password, ends every session, signs in with a new one and answers the member', async () => {
    const member = await buildUser(t.ctx);
    const elsewhere = await cookieFor(t.ctx, member);
    const other = await buildUser(t.ctx);
    const othersSession = await cookieFor(t.ctx, other);
    await forgot(member.email);
    await t.settled();

    const response = await reset(await mailedToken(member.email), NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: member.id, email: member.email });
    const fresh = sessionCookieFrom(response);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: fresh } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: elsewhere } })).json()).toBeNull();
    // Another member's sessions are theirs.
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: othersSession } })).statusCode).toBe(200);

    expect((await signIn(member.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('works once: a used link is refused with a clear 400', async () => {
    const member = await buildUser(t.ctx);
    await forgot(member.email);
    await t.settled();
    const token = await mailedToken(member.email);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await reset(token, 'another-fine-phrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID_RESET_LINK });
    expect(INVALID_RESET_LINK).toBe('This reset link is invalid or has expired. Request a new one.');
    expect((await signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets exactly one of 10 concurrent uses of a link through', async () => {
    const member = await buildUser(t.ctx);
    await forgot(member.email);
    await t.settled();
    const token = await mailedToken(member.email);
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => reset(token, `${NEW_PASSWORD}-${i}`)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(400)]);
  });

  it('refuses an expired link and an unknown one, and changes nothing', async () => {
    const member = await buildUser(t.ctx);
    await forgot(member.email);
    await t.settled();
    const token = await mailedToken(member.email);
    t.clock.advance(PASSWORD_RESET_TTL_MS + 1000);
    const expired = await reset(token, NEW_PASSWORD);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: INVALID_RESET_LINK });
    const unknown = await reset('not-a-token-we-issued', NEW_PASSWORD);
    expect(unknown.json()).toEqual({ message: INVALID_RESET_LINK });
    expect((await signIn(member.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('voids the older link when a newer one is asked for', async () => {
    const member = await buildUser(t.ctx);
    await forgot(member.email);
    await t.settled();
    const first = await mailedToken(member.email);
    await forgot(member.email);
    await t.settled();
    const second = await mailedToken(member.email);
    expect(second).not.toBe(first);
    expect((await reset(first, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('applies the password policy and leaves the link usable after a refused password', async () => {
    const member = await buildUser(t.ctx, { first_name: 'Marie', last_name: 'Curie' });
    await forgot(member.email);
    await t.settled();
    const token = await mailedToken(member.email);
    const common = await reset(token, 'password');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ message: 'Validation failed', details: [{ field: 'password', message: PASSWORD_TOO_COMMON }] });
    const personal = await reset(token, 'MarieCurie1867');
    expect(personal.json().details).toEqual([{ field: 'password', message: 'Your password must not contain your name or e-mail address.' }]);
    const short = await reset(token, 'short');
    expect(short.json().details).toEqual([{ field: 'password', message: 'Password must be at least 8 characters long' }]);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it(`sends at most ${RESET_MAIL_RULE.points} e-mails per address an hour, still answering 202`, async () => {
    const member = await buildUser(t.ctx);
    for (let i = 0; i < RESET_MAIL_RULE.points + 2; i += 1) {
      // From different addresses: the per-address mail limit holds whoever asks.
      const response = await forgot(member.email, `198.51.100.${i + 10}`);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    await t.settled();
    expect(await countRows(t.ctx, 'outbox')).toBe(RESET_MAIL_RULE.points);
  });

  it(`answers 429 with Retry-After past ${RESET_IP_RULE.points} requests from one address an hour`, async () => {
    for (let i = 0; i < RESET_IP_RULE.points; i += 1) expect((await forgot(`someone${i}@example.com`)).statusCode).toBe(202);
    const over = await forgot('one-more@example.com');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot('one-more@example.com', '198.51.100.99')).statusCode).toBe(202);
  });

  it('deletes expired links in housekeeping and keeps live ones', async () => {
    const { deleteExpiredAccountTokens } = await import('./credentials.service');
    const early = await buildUser(t.ctx);
    await forgot(early.email);
    await t.settled();
    t.clock.advance(PASSWORD_RESET_TTL_MS / 2);
    const late = await buildUser(t.ctx);
    await forgot(late.email);
    await t.settled();
    t.clock.advance(PASSWORD_RESET_TTL_MS / 2 + 1000);

    expect(await deleteExpiredAccountTokens(t.ctx, { batchSize: 1 })).toBe(1);
    const left = await t.ctx.db.selectFrom('account_tokens').select('user_id').execute();
    expect(left).toEqual([{ user_id: late.id }]);
    expect(await deleteExpiredAccountTokens(t.ctx)).toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_ANSWER, INVALID_EMAIL_LINK } from '../../../shared/schemas/credentials';
import { buildTestApp, countRows, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildUser, cookieFor, FACTORY_PASSWORD } from '../../test/factories';
import { EMAIL_CHANGE_RULE, EMAIL_CHANGE_TTL_MS, EMAIL_TAKEN, PASSWORD_CHECK_RULE, SAME_EMAIL, WRONG_PASSWORD } from './credentials.service';
import { hashSessionToken } from './session-tokens';

describe.each(ENGINES)('e-mail change on %s', (engine) => {
  let t: TTestApp;
  let kicks: number;
  beforeEach(async () => {
    kicks = 0;
    t = await buildTestApp(engine, { onMailQueued: () => (kicks += 1) });
  });
  afterEach(async () => {
    await t.close();
  });

  const ask = (cookie: string | undefined, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/email', payload: body, ...(cookie ? { headers: { cookie } } : {}) });
  const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/email/confirm', payload: { token } });
  const outbox = () => t.ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  const emailOf = async (id: number) => (await t.ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

  async function mailedToken(email: string): Promise<string> {
    const mails = (await outbox()).filter((mail) => mail.to_address === email);
    const link = /\/confirm-email\?token=([\w-]+)/.exec(mails.at(-1)?.text_body ?? '');
    if (!link) throw new Error(`no confirmation link mailed to ${email}`);
    return link[1]!;
  }

  it('mails a link to the new address and a notice to the old one; the link moves the account', async () => {
    const member = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, member);
    const response = await ask(cookie, { newEmail: '  New.Address@Example.com ', password: FACTORY_PASSWORD });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: EMAIL_CHANGE_ANSWER });
    expect(await emailOf(member.id)).toBe(member.email);

    const mails = await outbox();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(['new.address@example.com', member.email].sort());
    const notice = mails.find((mail) => mail.to_address === member.email)!;
    expect(notice.text_body).toContain('n…@example.com');
    expect(notice.text_body).not.toContain('new.address@example.com');
    expect(kicks).toBe(1);

    const token = await mailedToken('new.address@example.com');
    const row = await t.ctx.db.selectFrom('account_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ token_hash: hashSessionToken(token), purpose: 'email_change', new_email: 'new.address@example.com' });
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(EMAIL_CHANGE_TTL_MS);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'new.address@example.com' });
    expect(await emailOf(member.id)).toBe('new.address@example.com');
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().email).toBe('new.address@example.com');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'new.address@example.com', password: FACTORY_PASSWORD } })).statusCode).toBe(200);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID_EMAIL_LINK });
  });

  it('answers the same for an address another account has, and mails that address a note, not a link', async () => {
    const member = await buildUser(t.ctx);
    const taken = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, member);
    const free = await ask(cookie, { newEmail: 'free-address@example.com', password: FACTORY_PASSWORD });
    const used = await ask(cookie, { newEmail: taken.email, password: FACTORY_PASSWORD });
    expect(used.statusCode).toBe(free.statusCode);
    expect(used.body).toBe(free.body);

    const toTaken = (await outbox()).filter((mail) => mail.to_address === taken.email);
    expect(toTaken).toHaveLength(1);
    expect(toTaken[0]!.text_body).toContain('already belongs to an account');
    expect(toTaken[0]!.text_body).not.toContain('token=');
    // The newer request voided the link to the free address, and made none for the taken one.
    expect(await t.ctx.db.selectFrom('account_tokens').select('token_hash').execute()).toEqual([]);
  });

  it('answers 409 when another account took the address before the link was opened, and changes nothing', async () => {
    const member = await buildUser(t.ctx);
    expect((await ask(await cookieFor(t.ctx, member), { newEmail: 'wanted@example.com', password: FACTORY_PASSWORD })).statusCode).toBe(202);
    const token = await mailedToken('wanted@example.com');
    await buildUser(t.ctx, { email: 'wanted@example.com' });
    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: EMAIL_TAKEN });
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it('refuses an expired link', async () => {
    const member = await buildUser(t.ctx);
    await ask(await cookieFor(t.ctx, member), { newEmail: 'later@example.com', password: FACTORY_PASSWORD });
    const token = await mailedToken('later@example.com');
    t.clock.advance(EMAIL_CHANGE_TTL_MS + 1000);
    expect((await confirm(token)).json()).toEqual({ message: INVALID_EMAIL_LINK });
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it('requires the current password (throttled), and refuses the address the member already has', async () => {
    const member = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, member);
    const same = await ask(cookie, { newEmail: member.email.toUpperCase(), password: FACTORY_PASSWORD });
    expect(same.json()).toEqual({ message: 'Validation failed', details: [{ field: 'newEmail', message: SAME_EMAIL }] });
    const wrong = await ask(cookie, { newEmail: 'elsewhere@example.com', password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: WRONG_PASSWORD, details: [{ field: 'password', message: WRONG_PASSWORD }] });
    expect(await countRows(t.ctx, 'outbox')).toBe(0);

    for (let i = 1; i < PASSWORD_CHECK_RULE.points; i += 1) await ask(cookie, { newEmail: 'elsewhere@example.com', password: `guess-${i}-guess` });
    const throttled = await ask(cookie, { newEmail: 'elsewhere@example.com', password: FACTORY_PASSWORD });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
  });

  it(`sends mail for at most ${EMAIL_CHANGE_RULE.points} requests a member an hour`, async () => {
    const member = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, member);
    for (let i = 0; i < EMAIL_CHANGE_RULE.points; i += 1) {
      expect((await ask(cookie, { newEmail: `try${i}@example.com`, password: FACTORY_PASSWORD })).statusCode).toBe(202);
    }
    const over = await ask(cookie, { newEmail: 'one-more@example.com', password: FACTORY_PASSWORD });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(t.ctx, 'outbox')).toBe(EMAIL_CHANGE_RULE.points * 2);
  });

  it('is for members only; confirming needs no session', async () => {
    expect((await ask(undefined, { newEmail: 'x@example.com', password: FACTORY_PASSWORD })).statusCode).toBe(401);
    expect((await confirm('unknown-token')).statusCode).toBe(400);
  });
});

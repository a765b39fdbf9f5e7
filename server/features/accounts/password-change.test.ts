import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildUser, cookieFor, FACTORY_PASSWORD } from '../../test/factories';
import { PASSWORD_CHECK_RULE, SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from './credentials.service';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_PERSONAL } from './password-policy';

const NEW_PASSWORD = 'violet-kettle-orbit';

describe.each(ENGINES)('password change on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const change = (cookie: string | undefined, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password', payload: body, ...(cookie ? { headers: { cookie } } : {}) });
  const me = (cookie: string) => t.app.inject({ url: '/api/auth/me', headers: { cookie } });
  const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });

  it('sets the new password, keeps this session and ends every other one of the member', async () => {
    const member = await buildUser(t.ctx);
    const here = await cookieFor(t.ctx, member);
    const phone = await cookieFor(t.ctx, member);
    const laptop = await cookieFor(t.ctx, member);
    const other = await cookieFor(t.ctx, await buildUser(t.ctx));

    const response = await change(here, { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(204);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(phone)).json()).toBeNull();
    expect((await me(laptop)).json()).toBeNull();
    expect((await me(other)).statusCode).toBe(200);
    expect((await signIn(member.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('voids a reset link sent before the change', async () => {
    const member = await buildUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: member.email } });
    await t.settled();
    expect(await t.ctx.db.selectFrom('account_tokens').select('user_id').execute()).toHaveLength(1);
    expect((await change(await cookieFor(t.ctx, member), { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    expect(await t.ctx.db.selectFrom('account_tokens').select('user_id').execute()).toHaveLength(0);
  });

  it('refuses a wrong current password with 400 under that field, and changes nothing', async () => {
    const member = await buildUser(t.ctx);
    const here = await cookieFor(t.ctx, member);
    const phone = await cookieFor(t.ctx, member);
    const response = await change(here, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: WRONG_CURRENT_PASSWORD, details: [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }] });
    expect((await me(phone)).statusCode).toBe(200);
    expect((await signIn(member.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it(`throttles wrong current passwords: 429 with Retry-After after ${PASSWORD_CHECK_RULE.points} a member, even for the right one`, async () => {
    const member = await buildUser(t.ctx);
    const here = await cookieFor(t.ctx, member);
    for (let i = 0; i < PASSWORD_CHECK_RULE.points; i += 1) {
      expect((await change(here, { currentPassword: `guess-number-${i}`, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    }
    const right = await change(here, { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not slowed down by it.
    const other = await buildUser(t.ctx);
    expect((await change(await cookieFor(t.ctx, other), { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
  });

  it('applies the password policy and the length rule to the new password', async () => {
    const member = await buildUser(t.ctx, { first_name: 'Marie', last_name: 'Curie', email: 'marie.curie@example.com' });
    const here = await cookieFor(t.ctx, member);
    const details = async (newPassword: string) => (await change(here, { currentPassword: FACTORY_PASSWORD, newPassword })).json().details;
    expect(await details('12345678')).toEqual([{ field: 'newPassword', message: PASSWORD_TOO_COMMON }]);
    expect(await details('Curie1867!')).toEqual([{ field: 'newPassword', message: PASSWORD_TOO_PERSONAL }]);
    expect(await details('marie.curie@example.com')).toEqual([{ field: 'newPassword', message: PASSWORD_TOO_PERSONAL }]);
    expect(await details('short')).toEqual([{ field: 'newPassword', message: 'Password must be at least 8 characters long' }]);
    expect(await details(FACTORY_PASSWORD)).toEqual([{ field: 'newPassword', message: SAME_PASSWORD }]);
    expect((await signIn(member.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('is for members only', async () => {
    expect((await change(undefined, { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(401);
  });
});

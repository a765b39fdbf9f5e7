import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, countRows, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildCode, signupBody } from '../../test/factories';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_PERSONAL } from './password-policy';

describe.each(ENGINES)('sign-up passwords on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const signUp = async (overrides: Record<string, unknown>) => {
    const code = await buildCode(t.ctx);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.lovelace@example.com', ...overrides }) });
    const used = await t.ctx.db.selectFrom('invitation_codes').select('used_at').where('id', '=', code.id).executeTakeFirstOrThrow();
    return { response, codeUsed: used.used_at !== null };
  };

  it.each([
    ['password', PASSWORD_TOO_COMMON],
    ['12345678', PASSWORD_TOO_COMMON],
    ['Password123!', PASSWORD_TOO_COMMON],
    ['lovelace', PASSWORD_TOO_PERSONAL],
    ['AdaLovelace1815', PASSWORD_TOO_PERSONAL],
    ['ada.lovelace', PASSWORD_TOO_PERSONAL],
    ['ada.lovelace@example.com', PASSWORD_TOO_PERSONAL],
  ])('refuses %s with 400 under the password field, keeping the code unused', async (password, message) => {
    const { response, codeUsed } = await signUp({ password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Validation failed', details: [{ field: 'password', message }] });
    expect(codeUsed).toBe(false);
    expect(await countRows(t.ctx, 'users')).toBe(0);
  });

  it('keeps the SPEC length message for a short password', async () => {
    const { response } = await signUp({ password: 'short' });
    expect(response.json().details).toEqual([{ field: 'password', message: 'Password must be at least 8 characters long' }]);
  });

  it('accepts a password that is neither common nor personal', async () => {
    const { response, codeUsed } = await signUp({ password: 'violet-kettle-orbit' });
    expect(response.statusCode).toBe(201);
    expect(codeUsed).toBe(true);
  });
});

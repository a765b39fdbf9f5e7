import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, countRows, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildUser, cookieFor } from '../../test/factories';
import { hashSessionToken } from './session-tokens';
import { deleteEndedSessions } from './sessions.service';

describe.each(ENGINES)('ended sessions on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const me = (cookie: string) => t.app.inject({ url: '/api/auth/me', headers: { cookie } });
  const tokenHashOf = (cookie: string) => hashSessionToken(cookie.slice(cookie.indexOf('=') + 1));
  const storedHashes = async () => (await t.ctx.db.selectFrom('sessions').select('token_hash').execute()).map((row) => row.token_hash).sort();

  it('deletes sessions past their absolute expiry and those idle longer than the idle period, and keeps live ones', async () => {
    const user = await buildUser(t.ctx);
    const busy = await cookieFor(t.ctx, user);
    // Used more often than the idle period allows, until the absolute expiry ends it.
    const step = t.config.session.idleMs - 60_000;
    t.clock.advance(step);
    expect((await me(busy)).statusCode).toBe(200);
    // Never used after sign-in: idle long before its absolute expiry.
    const idle = await cookieFor(t.ctx, user);
    for (let elapsed = 2 * step; elapsed < t.config.session.absoluteMs; elapsed += step) {
      t.clock.advance(step);
      expect((await me(busy)).statusCode).toBe(200);
    }
    t.clock.advance(t.config.session.absoluteMs - Math.floor(t.config.session.absoluteMs / step) * step);
    const live = await cookieFor(t.ctx, user);
    const usedJustNow = await cookieFor(t.ctx, user);
    expect([await me(busy), await me(idle), await me(live)].map((response) => response.json() !== null)).toEqual([false, false, true]);

    expect(await deleteEndedSessions(t.ctx)).toBe(2);
    expect(await storedHashes()).toEqual([tokenHashOf(live), tokenHashOf(usedJustNow)].sort());
    expect(await deleteEndedSessions(t.ctx)).toBe(0);

    // One idle period later the unused one goes too; the one in use stays.
    t.clock.advance(t.config.session.idleMs - 60_000);
    expect((await me(live)).statusCode).toBe(200);
    t.clock.advance(60_001);
    expect(await deleteEndedSessions(t.ctx)).toBe(1);
    expect(await storedHashes()).toEqual([tokenHashOf(live)]);
    expect((await me(live)).statusCode).toBe(200);
  });

  it('deletes a backlog in batches, with processes side by side deleting each session once', async () => {
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 11; i += 1) await cookieFor(t.ctx, user);
    t.clock.advance(t.config.session.absoluteMs);
    const kept = await cookieFor(t.ctx, user);

    const deleted = await Promise.all([deleteEndedSessions(t.ctx, { batchSize: 3 }), deleteEndedSessions(t.ctx, { batchSize: 3 })]);
    const leftover = await deleteEndedSessions(t.ctx, { batchSize: 3 });
    expect(deleted[0] + deleted[1] + leftover).toBe(11);
    expect(await countRows(t.ctx, 'sessions')).toBe(1);
    expect((await me(kept)).statusCode).toBe(200);
  });
});

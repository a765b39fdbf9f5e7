import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction, moveAfterCommit, type TCacheMove } from './context';
import { buildTestApp, ENGINES, type TTestApp } from './test/build-test-app';

describe.each(ENGINES)('kept values moved by a write on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const counter: TCacheMove = { key: 'counter', tags: ['counter-tag'], move: (kept) => ({ value: (kept as number) + 1, bytes: 8 }) };
  const write = (fail = false) =>
    inTransaction(t.ctx, async (tx) => {
      moveAfterCommit(tx, counter);
      if (fail) throw new Error('rolled back');
    });

  it('puts the kept value back moved once the write commits, and refuses a read of it begun before', async () => {
    const cache = t.ctx.readCache;
    cache.set('counter', 1, cache.ticket(), { tags: ['counter-tag'], bytes: 8 });
    const readBefore = cache.ticket();
    await write();
    cache.set('counter', 1, readBefore, { tags: ['counter-tag'], bytes: 8 });
    expect(cache.get('counter')).toBe(2);
  });

  it('moves nothing when the write rolls back, and keeps nothing when nothing was kept', async () => {
    const cache = t.ctx.readCache;
    cache.set('counter', 1, cache.ticket(), { tags: ['counter-tag'], bytes: 8 });
    await expect(write(true)).rejects.toThrow('rolled back');
    expect(cache.get('counter')).toBe(1);
    cache.delete('counter');
    await write();
    expect(cache.get('counter')).toBeUndefined();
  });
});

// lockForTransaction: on PostgreSQL a second transaction taking the same key waits until the
// first has ended, so a read-then-write rule ("the first account is the admin") sees the first's
// row; SQLite runs one writer at a time and needs nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, ENGINES, type TTestApp } from '../test/build-test-app';
import { lockForTransaction } from './connect';

const KEY = 424_242;

describe.each(ENGINES)('lockForTransaction on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it('makes a second transaction with the same key wait for the first to end', async () => {
    const events: string[] = [];
    let releaseFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstLocked!: () => void;
    const firstHasLock = new Promise<void>((resolve) => (firstLocked = resolve));

    const first = t.ctx.db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, engine, KEY);
      firstLocked();
      await firstMayEnd;
      events.push('first ends');
    });
    await firstHasLock;
    const second = t.ctx.db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, engine, KEY);
      events.push('second has the lock');
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual([]);
    releaseFirst();
    await Promise.all([first, second]);
    expect(events).toEqual(['first ends', 'second has the lock']);
  });
});

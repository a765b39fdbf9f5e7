// preparedQuery: a query compiled once answers every call with that call's values, on both
// engines, whatever the length of its list arguments, and inside a transaction too.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, ENGINES, type TTestApp } from '../test/build-test-app';
import { buildUser } from '../test/factories';
import type { TRole } from '../../shared/schemas/user';
import { preparedQuery } from './prepared-query';

const namesOf = preparedQuery((db, args: { ids: readonly number[]; role: TRole }) =>
  db.selectFrom('users').select(['id', 'first_name']).where('id', 'in', args.ids).where('role', '=', args.role).orderBy('id'),
);

describe.each(ENGINES)('preparedQuery on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers each call with its own values, for lists of any length', async () => {
    const ada = await buildUser(t.ctx, { first_name: 'Ada' });
    const grace = await buildUser(t.ctx, { first_name: 'Grace' });
    const alan = await buildUser(t.ctx, { first_name: 'Alan', role: 'moderator' });
    expect(await namesOf(t.ctx.db, { ids: [ada.id, grace.id], role: 'member' })).toEqual([
      { id: ada.id, first_name: 'Ada' },
      { id: grace.id, first_name: 'Grace' },
    ]);
    expect(await namesOf(t.ctx.db, { ids: [grace.id, alan.id], role: 'member' })).toEqual([{ id: grace.id, first_name: 'Grace' }]);
    expect(await namesOf(t.ctx.db, { ids: [ada.id, grace.id, alan.id], role: 'moderator' })).toEqual([{ id: alan.id, first_name: 'Alan' }]);
    expect(await namesOf(t.ctx.db, { ids: [ada.id], role: 'member' })).toEqual([{ id: ada.id, first_name: 'Ada' }]);
  });

  it('runs in a transaction, seeing its uncommitted rows', async () => {
    const ada = await buildUser(t.ctx, { first_name: 'Ada' });
    await namesOf(t.ctx.db, { ids: [ada.id], role: 'member' });
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ first_name: 'Augusta' }).where('id', '=', ada.id).execute();
      expect(await namesOf(trx, { ids: [ada.id], role: 'member' })).toEqual([{ id: ada.id, first_name: 'Augusta' }]);
    });
  });
});

// preparedQuery: a query compiled once answers every call with that call's values, on both
// engines, whatever the length of its list arguments, and inside a transaction too; on
// PostgreSQL each connection prepares it once under its name, and the names stay bounded.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, ENGINES, type TTestApp } from '../test/build-test-app';
import { buildUser } from '../test/factories';
import type { TRole } from '../../shared/schemas/user';
import { createStatementNames, preparedQuery, statementName } from './prepared-query';

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

  // Registered only on PostgreSQL: a skipped test would prove nothing.
  if (engine === 'postgres') {
    it('is prepared once per connection under its name, and run by name after', async () => {
      const ada = await buildUser(t.ctx, { first_name: 'Ada' });
      const named = preparedQuery((db, args: { id: number }) => db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', args.id));
      // A transaction keeps one connection for both calls and the look at what it prepared.
      await t.ctx.db.transaction().execute(async (trx) => {
        expect(await named(trx, { id: ada.id })).toEqual([{ id: ada.id, first_name: 'Ada', last_name: expect.any(String) as string }]);
        const prepared = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx);
        const mine = prepared.rows.filter((row) => row.statement.includes('"last_name" from "users" where "id" = $1'));
        expect(mine).toHaveLength(1);
        expect(statementName(mine[0]!.statement)).toBe(mine[0]!.name);
        await trx.updateTable('users').set({ first_name: 'Augusta' }).where('id', '=', ada.id).execute();
        expect(await named(trx, { id: ada.id })).toMatchObject([{ first_name: 'Augusta' }]);
        expect((await sql`select name from pg_prepared_statements`.execute(trx)).rows).toHaveLength(prepared.rows.length);
      });
    });
  }
});

describe('statement names', () => {
  it('are given to the first texts asked for, at most as many as allowed, each keeping its own', () => {
    const names = createStatementNames(2);
    names.name('select 1');
    names.name('select 2');
    names.name('select 1');
    names.name('select 3');
    expect([names.of('select 1'), names.of('select 2'), names.of('select 3')]).toEqual(['prepared_1', 'prepared_2', undefined]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, freshDatabase, whileChangingSchema, whileNoSchemaIsDropped } from '../test/build-test-app';
import { migrateToLatest, migrations } from './migrate';

describe.each(ENGINES)('migrations on %s', (engine) => {
  it('creates every table, and running again changes nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'migrate-'));
    const { database, drop } = await freshDatabase(engine, dataDir);
    try {
      const tables = (await whileNoSchemaIsDropped(engine, () => database.db.introspection.getTables())).map((table) => table.name);
      expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'invitation_codes']));
      const schema = engine === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s : undefined;
      expect(await whileNoSchemaIsDropped(engine, () => migrateToLatest(database.db, engine, schema))).toEqual([]);
    } finally {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('enforces foreign keys', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'migrate-'));
    const { database, drop } = await freshDatabase(engine, dataDir);
    try {
      const now = new Date().toISOString();
      await expect(
        database.db.insertInto('sessions').values({ token_hash: 'x', public_id: 'x', user_id: 424242, user_agent: null, created_at: now, last_seen_at: now, expires_at: now }).execute(),
      ).rejects.toThrow();
    } finally {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('gives each session that was there before 0008 a public id of its own, and 0008 goes down and up again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'migrate-'));
    const { database, drop } = await freshDatabase(engine, dataDir);
    try {
      const schema = engine === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s : undefined;
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations(engine) }, ...(schema ? { migrationTableSchema: schema } : {}) });
      // Going down drops tables: no other test may be reading across the schemas meanwhile.
      const down = await whileChangingSchema(engine, () => migrator.migrateTo('0006-housekeeping'));
      expect(down.error).toBeUndefined();
      const now = new Date().toISOString();
      const { id } = await database.db
        .insertInto('users')
        .values({ email: 'old@example.com', password_hash: 'x', first_name: 'Old', last_name: 'Timer', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = ['a', 'b', 'c'].map((token) => ({ token_hash: token, user_id: id, created_at: now, last_seen_at: now, expires_at: now }));
      // The table as 0006 left it: no public_id or user_agent yet.
      await sql`insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at) values ${sql.join(before.map((row) => sql`(${sql.join(Object.values(row))})`))}`.execute(database.db);

      expect(await whileChangingSchema(engine, () => migrateToLatest(database.db, engine, schema))).toContain('0008-session-details');
      const rows = await database.db.selectFrom('sessions').select(['public_id', 'user_agent']).execute();
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((row) => row.public_id)).size).toBe(3);
      for (const row of rows) expect([row.public_id, row.user_agent]).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), null]);
    } finally {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, freshDatabase, whileNoSchemaIsDropped } from '../test/build-test-app';
import { migrateToLatest } from './migrate';

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
});

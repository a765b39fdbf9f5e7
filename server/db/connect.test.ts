// The SQLite connection's settings (server/db/connect.ts): reads through a memory map and a page
// cache sized for a real site, beside WAL and foreign keys.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from './connect';

describe('connect (SQLite)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('maps the file for reads and keeps a 64 MB page cache', async () => {
    dir = mkdtempSync(join(tmpdir(), 'connect-'));
    const database = connect({ databaseUrl: undefined, dataDir: dir });
    try {
      const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('mmap_size')).toBe(1024 * 1024 * 1024);
      expect(await pragma('cache_size')).toBe(-64 * 1024);
    } finally {
      await database.close();
    }
  });
});

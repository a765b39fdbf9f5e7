import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, countRows, type TTestApp } from '../test/build-test-app';
import { buildUser } from '../test/factories';
import { backupSqlite } from './backup-sqlite';

describe('online SQLite backup', () => {
  let t: TTestApp;
  let backups: string;
  afterEach(async () => {
    await t.close();
    rmSync(backups, { recursive: true, force: true });
  });

  it('copies a consistent database while the app keeps writing', async () => {
    t = await buildTestApp('sqlite');
    backups = mkdtempSync(join(tmpdir(), 'backups-'));
    for (let i = 0; i < 5; i += 1) await buildUser(t.ctx);
    const before = await countRows(t.ctx, 'users');
    const destination = join(backups, 'copy.db');

    const [result] = await Promise.all([backupSqlite(t.config.dataDir, destination), buildUser(t.ctx), buildUser(t.ctx)]);
    expect(result.pages).toBeGreaterThan(0);

    const copy = new SqliteDatabase(destination, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const { users } = copy.prepare('select count(*) as users from users').get() as { users: number };
      expect(users).toBeGreaterThanOrEqual(before);
      expect(users).toBeLessThanOrEqual(before + 2);
    } finally {
      copy.close();
    }
  });

  it('never overwrites a file, and never backs up a database that is not there', async () => {
    t = await buildTestApp('sqlite');
    backups = mkdtempSync(join(tmpdir(), 'backups-'));
    const existing = join(backups, 'taken.db');
    writeFileSync(existing, 'yesterday');
    await expect(backupSqlite(t.config.dataDir, existing)).rejects.toThrow(/exists already/);
    await expect(backupSqlite(join(backups, 'no-data-here'), join(backups, 'new.db'))).rejects.toThrow(/No database at/);
  });
});

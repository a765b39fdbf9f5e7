import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildCode, buildUser, sessionCookieFrom, signupBody } from '../../test/factories';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { createOperatorCodes } from './invitations.service';
import { ensureOperatorCode } from './operator-code';

describe.each(ENGINES)('roles on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it("makes the site's first account, signed up with the operator code, its admin, and later ones members", async () => {
    const operatorCode = await ensureOperatorCode(t.ctx);
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(operatorCode!, { email: 'op@example.com' }) });
    expect(first.statusCode).toBe(201);
    expect(first.json().role).toBe('admin');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookieFrom(first) } });
    expect(me.json()).toMatchObject({ email: 'op@example.com', role: 'admin' });

    const code = await buildCode(t.ctx, first.json().id);
    const second = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code, { email: 'ada@example.com' }) });
    expect(second.statusCode).toBe(201);
    expect(second.json().role).toBe('member');
  });

  it('makes exactly one admin when two operator codes sign up at the same moment on an empty site', async () => {
    const codes = await createOperatorCodes(t.ctx, 2);
    const answers = await Promise.all(
      codes.map((code, index) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code, { email: `op${index}@example.com` }) })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.json().role as string).sort()).toEqual(['admin', 'member']);
  });

  it('shows a role to the member themself only, never in a public profile', async () => {
    const moderator = await buildUser(t.ctx, { role: 'moderator' });
    const profile = await t.app.inject({ method: 'GET', url: `/api/users/${moderator.id}` });
    expect(profile.statusCode).toBe(200);
    expect(JSON.stringify(profile.json())).not.toContain('moderator');
  });
});

describe('npm run admin (the operator sets a role)', () => {
  const run = promisify(execFile);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const admin = (...args: string[]) =>
    run(process.execPath, ['server/cli/launch.mjs', 'admin', ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } });

  it('sets the role and prints one line; refuses an unknown e-mail or role with a reason and exit code 2', async () => {
    const { database } = await openDatabase(loadConfig({ DATA_DIR: dir, DATABASE_URL: '' }));
    try {
      const now = new Date().toISOString();
      await database.db
        .insertInto('users')
        .values({ email: 'ada@example.com', password_hash: 'x', first_name: 'Ada', last_name: 'Lovelace', created_at: now, updated_at: now })
        .execute();
    } finally {
      await database.close();
    }
    const done = await admin('--email', 'Ada@Example.com', '--role', 'moderator');
    expect(done.stdout).toBe('ada@example.com is now moderator\n');

    const { database: reopened } = await openDatabase(loadConfig({ DATA_DIR: dir, DATABASE_URL: '' }));
    try {
      const row = await reopened.db.selectFrom('users').select('role').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow();
      expect(row.role).toBe('moderator');
    } finally {
      await reopened.close();
    }

    await expect(admin('--email', 'nobody@example.com', '--role', 'admin')).rejects.toMatchObject({ code: 2, stderr: 'No account has the e-mail nobody@example.com\n' });
    await expect(admin('--email', 'ada@example.com', '--role', 'owner')).rejects.toMatchObject({ code: 2, stderr: '--role must be one of member, moderator, admin\n' });
  }, 60_000);
});

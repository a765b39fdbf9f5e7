// The bundle `npm start` runs (server/cli/server-bundle.mjs), built from a small tree of its own:
// built when missing or stale, each module keeping its own import.meta.url, packages left to
// node_modules, and the bundles' folder known to the code in them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBundles, bundleIsStale, bundleOf, ENTRIES } from './server-bundle.mjs';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

const SOURCES: Record<string, string> = {
  'server/cli/start.ts': [
    "import { z } from 'zod';",
    "import { whereAmI } from '../lib/where';",
    'declare const __BUNDLE_DIR__: string | undefined;',
    'const bundleDir: string | null = typeof __BUNDLE_DIR__ === "string" ? __BUNDLE_DIR__ : null;',
    'console.log(JSON.stringify({ start: import.meta.url, lib: whereAmI(), bundleDir, parsed: z.number().parse(3) }));',
  ].join('\n'),
  'server/lib/where.ts': 'export const whereAmI = (): string => import.meta.url;',
  'server/cli/serve.ts': "console.log('serve');",
  'server/cli/invite.ts': "console.log('invite');",
  'server/cli/admin.ts': "console.log('admin');",
  'server/cli/migrate.ts': "console.log('migrate');",
  'server/cli/backup.ts': "console.log('backup');",
  'server/db/slow-reads.worker.ts': 'export {};',
  'shared/constants.ts': 'export const A = 1;',
  'package-lock.json': '{}',
};

describe('the server bundle', () => {
  // A tree of its own, whose packages are the repository's (a link, as node_modules would be).
  const root = mkdtempSync(join(tmpdir(), 'server-bundle-'));
  const outDir = join(root, 'dist', 'app');
  // Written a while ago, folders included: what happens after the build is newer.
  const earlier = new Date(Date.now() - 120_000);
  for (const [path, text] of Object.entries(SOURCES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const path of [...Object.keys(SOURCES), 'server/cli', 'server/lib', 'server/db', 'server', 'shared']) utimesSync(join(root, path), earlier, earlier);
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is built when missing, and is then current', async () => {
    expect(bundleIsStale(root, outDir)).toBe(true);
    await buildBundles(root, outDir);
    expect(bundleIsStale(root, outDir)).toBe(false);
    for (const name of Object.keys(ENTRIES)) expect(readFileSync(bundleOf(outDir, name), 'utf8').length).toBeGreaterThan(0);
  });

  it('runs without a TypeScript loader, each module with its own import.meta.url, packages from node_modules', () => {
    const start = bundleOf(outDir, 'start');
    const printed = JSON.parse(execFileSync(process.execPath, [start], { cwd: root, encoding: 'utf8' })) as Record<string, unknown>;
    expect(printed).toEqual({
      start: pathToFileURL(join(root, 'server/cli/start.ts')).href,
      lib: pathToFileURL(join(root, 'server/lib/where.ts')).href,
      bundleDir: pathToFileURL(`${outDir}/`).href,
      parsed: 3,
    });
    // zod is imported, not copied in.
    expect(readFileSync(start, 'utf8')).toMatch(/from "zod"/);
  });

  it('is stale again once a source of server/ or shared/ is newer, and current once built again', async () => {
    for (const source of ['shared/constants.ts', 'server/lib/where.ts']) {
      const now = new Date();
      utimesSync(join(root, source), now, now);
      expect(bundleIsStale(root, outDir), source).toBe(true);
      await buildBundles(root, outDir);
      expect(bundleIsStale(root, outDir), source).toBe(false);
    }
  });
});

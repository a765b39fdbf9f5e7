// `npm start`: build the client if it is missing or older than its sources, then serve.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../main';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT_INDEX = join(ROOT, 'dist/web/index.html');
const CLIENT_SOURCES = ['web', 'shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.web.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

function clientBuildIsStale(): boolean {
  if (!existsSync(BUILT_INDEX)) return true;
  const builtAt = statSync(BUILT_INDEX).mtimeMs;
  return CLIENT_SOURCES.some((source) => newestMtime(join(ROOT, source)) > builtAt);
}

if (clientBuildIsStale()) {
  console.error('Building the client (missing or stale)…');
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
}
await main();

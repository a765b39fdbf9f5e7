// `npm start`: build the client and its server renderer if missing or older than their sources, then
// serve: in this process, or in WEB_CONCURRENCY app processes under this one (server/ops/cluster.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServing } from '../main';
import { isWorkerProcess } from '../ops/cluster';
import { newestMtime } from './server-bundle.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT_INDEX = join(ROOT, 'dist/web/index.html');
const BUILT_RENDERER = join(ROOT, 'dist/server/entry-server.js');
const CLIENT_SOURCES = ['web', 'shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.web.json'];

function clientBuildIsStale(): boolean {
  if (!existsSync(BUILT_INDEX) || !existsSync(BUILT_RENDERER)) return true;
  const builtAt = statSync(BUILT_INDEX).mtimeMs;
  return CLIENT_SOURCES.some((source) => newestMtime(join(ROOT, source)) > builtAt);
}

// An app process the supervisor started (WEB_CONCURRENCY) finds the build its supervisor made.
if (!isWorkerProcess() && clientBuildIsStale()) {
  console.error('Building the client (missing or stale)…');
  const vite = (...args: string[]) => execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...args], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  // As `npm run build`: the client, then the server renderer (the client's own pages, rendered by the server).
  vite();
  vite('--ssr', 'entry-server.tsx', '--outDir', '../dist/server');
}
await startServing();

// `npm start` and `npm run serve` (`node server/cli/launch.mjs start|serve`), and the operator's
// commands (`npm run invite`, `admin`, `migrate`, `backup`): the server bundled into dist/app
// (server/cli/server-bundle.mjs), built first when missing or stale, then run by Node with no
// TypeScript loader. From the sources under tsx an app process took 1.8 s and 2.6 s of CPU
// to answer its first request, two thirds of it loading some 250 modules through tsx's hooks;
// bundled, 0.9 s and 1.1 s. That is every start, every restart after a crash, every app process of
// WEB_CONCURRENCY, and the test suites start hundreds. `npm run dev` runs the sources under tsx.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildBundles, bundleIsStale, bundleOf, COMMANDS, SERVERS } from './server-bundle.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_DIR = join(ROOT, 'dist/app');

const name = process.argv[2];
const isCommand = Object.hasOwn(COMMANDS, name);
if (!isCommand && !Object.hasOwn(SERVERS, name)) {
  console.error(`usage: node server/cli/launch.mjs ${Object.keys({ ...SERVERS, ...COMMANDS }).join('|')} [arguments]`);
  process.exit(2);
}
// A command reads its arguments from argv[2] on, as when run directly. A server keeps its name
// there: WEB_CONCURRENCY's app processes are started with this process's arguments (node:cluster).
if (isCommand) process.argv.splice(2, 1);
if (bundleIsStale(ROOT, OUT_DIR)) await buildBundles(ROOT, OUT_DIR);
// Errors' stacks name the TypeScript sources (dist/app/*.mjs.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundleOf(OUT_DIR, name)).href);

// `npm start` and `npm run serve` (`node server/cli/launch.mjs start|serve`): the server bundled
// into dist/app (server/cli/server-bundle.mjs), built first when missing or stale, then run by Node
// with no TypeScript loader. From the sources under tsx an app process took 1.8 s and 2.6 s of CPU
// to answer its first request, two thirds of it loading some 250 modules through tsx's hooks;
// bundled, 0.9 s and 1.1 s. That is every start, every restart after a crash, every app process of
// WEB_CONCURRENCY, and the test suites start hundreds. `npm run dev` runs the sources under tsx.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildBundles, bundleIsStale, bundleOf } from './server-bundle.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_DIR = join(ROOT, 'dist/app');

const name = process.argv[2];
if (name !== 'start' && name !== 'serve') {
  console.error('usage: node server/cli/launch.mjs start|serve');
  process.exit(2);
}
if (bundleIsStale(ROOT, OUT_DIR)) await buildBundles(ROOT, OUT_DIR);
// Errors' stacks name the TypeScript sources (dist/app/*.mjs.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundleOf(OUT_DIR, name)).href);

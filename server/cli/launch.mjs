// `npm start` and `npm run serve` (`node server/cli/launch.mjs start|serve`): the server's own
// TypeScript modules bundled into one file in dist/app (packages stay in node_modules), built when
// missing or older than any of its sources, then run by Node with no TypeScript loader. From
// source under tsx an app process took 1.8 s and 2.6 s of CPU to answer its first request, two
// thirds of it loading some 250 modules through tsx's hooks; bundled, 0.9 s and 1.1 s. That is
// each start and each restart after a crash (and every app process of WEB_CONCURRENCY), and the
// test suites start hundreds. `npm run dev` still runs the sources under tsx.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_DIR = join(ROOT, 'dist/app');
/** What `launch.mjs <name>` runs, and the thread entries a bundle starts by URL (server/db/slow-reads.ts). */
const ENTRIES = { start: 'server/cli/start.ts', serve: 'server/cli/serve.ts', 'slow-reads.worker': 'server/db/slow-reads.worker.ts' };
/** A change to any of these makes the bundle stale (this file is in server/). */
const SOURCES = ['server', 'shared', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

const bundleOf = (name) => join(OUT_DIR, `${name}.mjs`);

function bundleIsStale() {
  const built = Object.keys(ENTRIES).map((name) => bundleOf(name));
  if (!built.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return SOURCES.some((source) => newestMtime(join(ROOT, source)) > builtAt);
}

/**
 * Each module keeps its own `import.meta.url` (the paths it reads beside itself: dist/web,
 * package.json, the SQLite driver), as under tsx; the bundle finds its thread entries by the
 * constant __BUNDLE_DIR__ (undefined from source).
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents: source, loader: 'ts' };
    });
  },
};

async function build() {
  const { build: esbuild } = await import('esbuild');
  // Built beside the old bundle and renamed over it: processes starting at once (the suites' servers) each build, and none reads a half-written file.
  const staging = `${OUT_DIR}.${process.pid}`;
  await esbuild({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, path]) => [name, join(ROOT, path)])),
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    define: { __BUNDLE_DIR__: JSON.stringify(pathToFileURL(`${OUT_DIR}/`).href) },
    plugins: [keepModuleUrls],
    logLevel: 'warning',
  });
  mkdirSync(OUT_DIR, { recursive: true });
  for (const file of readdirSync(staging)) renameSync(join(staging, file), join(OUT_DIR, file));
  rmSync(staging, { recursive: true, force: true });
}

const name = process.argv[2];
if (name !== 'start' && name !== 'serve') {
  console.error('usage: node server/cli/launch.mjs start|serve');
  process.exit(2);
}
if (bundleIsStale()) await build();
// Errors' stacks name the TypeScript sources (dist/app/*.mjs.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundleOf(name)).href);

// The server as `npm start` runs it (server/cli/launch.mjs): its own TypeScript modules bundled by
// esbuild into one file per entry (packages stay in node_modules), built when missing or older
// than any of its sources. Plain JavaScript, so that running it needs no TypeScript loader.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The two ways to serve (`npm start`, `npm run serve`), by the name launch.mjs is given. */
export const SERVERS = { start: 'server/cli/start.ts', serve: 'server/cli/serve.ts' };
/** The operator's commands (`npm run invite`, …), by the name launch.mjs is given. */
export const COMMANDS = { invite: 'server/cli/invite.ts', admin: 'server/cli/admin.ts', migrate: 'server/cli/migrate.ts', backup: 'server/cli/backup.ts' };
/** Every bundle, by name: the servers, the commands, and the thread server/db/slow-reads.ts starts by URL. */
export const ENTRIES = { ...SERVERS, ...COMMANDS, 'slow-reads.worker': 'server/db/slow-reads.worker.ts' };
/** A change to any of these (under the repository root) makes the bundles stale. */
const SOURCES = ['server', 'shared', 'package-lock.json'];

/** The newest modification time in a file or folder tree (0 when it does not exist); start.ts asks it of the client's sources. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** The file `name` is bundled into. */
export const bundleOf = (outDir, name) => join(outDir, `${name}.mjs`);

/** Whether a bundle is missing, or older than a source. */
export function bundleIsStale(root, outDir) {
  const built = Object.keys(ENTRIES).map((name) => bundleOf(outDir, name));
  if (!built.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

/**
 * Each module keeps its own `import.meta.url`, as under tsx: what it reads beside itself (dist/web,
 * package.json, the SQLite driver) is where it was. A bundle finds the others by __BUNDLE_DIR__
 * (undefined from source).
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      return { contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/**
 * Bundles every entry into outDir. Built beside it and moved in file by file: processes starting
 * at once (a test suite's servers) may each build, and none reads a half-written file.
 */
export async function buildBundles(root, outDir) {
  const { build } = await import('esbuild');
  const staging = `${outDir}.${process.pid}`;
  await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, path]) => [name, join(root, path)])),
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    define: { __BUNDLE_DIR__: JSON.stringify(pathToFileURL(`${outDir}/`).href) },
    plugins: [keepModuleUrls],
    logLevel: 'warning',
  });
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(staging)) renameSync(join(staging, file), join(outDir, file));
  rmSync(staging, { recursive: true, force: true });
}

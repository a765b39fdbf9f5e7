import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ConfigEnv, type Logger, type Plugin } from 'vite';
import { appShellJsGzipBytes, appShellOverBudget, clientRouteSizes, formatAppShellSize, formatRouteSizes, homeRouteOverBudget } from './bench/client-size';
import { precompressAssets } from './scripts/precompress-assets';

const apiPort = Number(process.env.PORT ?? 3000);

/** The browser's production build; not the server renderer's (`vite build --ssr`, dist/server). */
const isClientBuild = (env: ConfigEnv) => env.command === 'build' && env.mode === 'production' && !env.isSsrBuild;

/** After a production build, the gzip JavaScript and CSS a first visit to each route downloads. */
function reportRouteSizes(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'report-route-sizes',
    apply: (_config, env) => isClientBuild(env),
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    closeBundle() {
      if (!existsSync(join(outDir, '.vite', 'manifest.json'))) return;
      const rows = clientRouteSizes(outDir);
      const shell = appShellJsGzipBytes(outDir);
      logger?.info(`\nJavaScript and CSS per route, gzip, first visit:\n${formatRouteSizes(rows)}\n${formatAppShellSize(shell)}`);
      for (const over of [homeRouteOverBudget(rows), appShellOverBudget(shell)]) if (over) logger?.warn(over);
    },
  };
}

/**
 * V8's compile hint (Chromium 136+) on the client's chunks: their functions are compiled while
 * the file streams in, off the main thread. Hydration calls most of the code it loads; compiled
 * lazily, one function at a time on first call, that compiling was most of the long tasks of a
 * page's first render on a phone. Written first in the file, after minifying (which drops
 * comments); the source map moves down a line with it.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    enforce: 'post',
    apply: (_config, env) => isClientBuild(env),
    generateBundle: {
      // After Vite's own, which writes its preload map (`__vite__mapDeps`) at the top of a chunk.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || (chunk.isEntry && chunk.name === 'boot')) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          // The map file is its own asset by now: it moves down a line too, or every position
          // an operator looks up in it is one line off.
          const mapFile = bundle[`${chunk.fileName}.map`];
          if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
            const map = JSON.parse(mapFile.source) as { mappings: string };
            mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}

/** After a production build, .gz and .br copies of the hashed assets for the server to send. */
function precompress(): Plugin {
  let assetsDir = '';
  return {
    name: 'precompress-assets',
    apply: (_config, env) => isClientBuild(env),
    configResolved(config) {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      if (existsSync(assetsDir)) precompressAssets(assetsDir);
    },
  };
}

/**
 * Source maps are made 'hidden' (no sourceMappingURL in the scripts) and moved out of the served
 * folder after the build, to dist/sourcemaps beside dist/web, for an operator to symbolicate a
 * stack trace: the site never publishes its sources (the server also answers 404 to any *.map).
 */
export function moveSourceMapsOut(): Plugin {
  let assetsDir = '';
  let mapsDir = '';
  return {
    name: 'move-source-maps-out',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      const outDir = resolve(config.root, config.build.outDir);
      assetsDir = resolve(outDir, config.build.assetsDir);
      mapsDir = resolve(outDir, '..', 'sourcemaps');
    },
    closeBundle() {
      // A failed build wrote nothing: let its own error be the one reported.
      if (!existsSync(assetsDir)) return;
      rmSync(mapsDir, { recursive: true, force: true });
      mkdirSync(mapsDir, { recursive: true });
      for (const name of readdirSync(assetsDir)) {
        if (name.endsWith('.map')) renameSync(join(assetsDir, name), join(mapsDir, name));
      }
    },
  };
}

/**
 * The server renderer bundles its own zod and shared schemas, which would register their ids
 * (`.meta({ id })`) in the registry zod keeps on globalThis, beside the server's own copies of the
 * same schemas: two schemas under one id break the API document (GET /api/docs/json: 'Duplicate
 * schema id'). The renderer's zod keeps a registry of its own.
 */
function privateZodRegistryForRenderer(): Plugin {
  return {
    name: 'private-zod-registry-for-renderer',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]registries\.js$/.test(id)) return null;
      return code.replaceAll('__zod_globalRegistry', '__zod_serverRendererRegistry');
    },
  };
}

/**
 * The client runs on Preact (preact/compat), not React: React DOM alone was about 60 kB gzip of
 * the JavaScript every page loads first, Preact with its compat layer about 11 kB. Every import
 * of React, our own and the libraries' (radix-ui, React Router, TanStack Query, react-hook-form,
 * sonner), resolves to Preact; the server renderer too, so the markup it sends is Preact's own
 * and hydrates as it is. `react` itself is web/lib/react-on-preact.ts: compat, with React's
 * server snapshot of `useSyncExternalStore` kept.
 */
const PREACT_FOR_REACT = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./web/lib/react-on-preact.ts', import.meta.url)) },
  { find: /^react-dom$/, replacement: fileURLToPath(new URL('./web/lib/react-on-preact.ts', import.meta.url)) },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  // React Fast Refresh needs React itself: under Preact an edit reloads the page instead.
  plugins: [react({ refreshExclude: /./ }), tailwindcss(), compileHints(), moveSourceMapsOut(), reportRouteSizes(), precompress(), privateZodRegistryForRenderer()],
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./shared', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./web', import.meta.url)) },
      ...PREACT_FOR_REACT,
    ],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Hidden, and moved out of dist/web by moveSourceMapsOut(): never served.
    sourcemap: 'hidden',
    reportCompressedSize: true,
    // dist/web/.vite/manifest.json: which chunks each route loads (bench/client-size.ts reads it).
    manifest: true,
    // Every browser the client supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // index.html, and the script a server-rendered page starts with instead (web/boot.ts).
      input: { index: fileURLToPath(new URL('./web/index.html', import.meta.url)), boot: fileURLToPath(new URL('./web/boot.ts', import.meta.url)) },
      output: {
        codeSplitting: {
          // Everything the entry imports statically loads on every first visit anyway: one chunk
          // instead of a dozen small ones compresses better (about 8 kB gzip less on the home route).
          groups: [
            { name: 'app-shell', priority: 2, tags: ['$initial'], test: (id: string) => !id.endsWith('/web/boot.ts') },
            // Routes' icons (a few hundred bytes each) shared by routes that use the same ones, in
            // a chunk per set of routes rather than one per icon: a project page loaded 45 files.
            { name: 'icons', priority: 1, test: /node_modules[\\/]lucide-react[\\/]/, entriesAware: true, entriesAwareMergeThreshold: 3000 },
          ],
        },
        // An icons chunk is named after the routes that share it (`icons~HomePage~…`): named `icons` in URLs.
        chunkFileNames: (chunk) => `assets/${chunk.name.startsWith('icons~') ? 'icons' : '[name]'}-[hash].js`,
      },
    },
  },
  // The server renderer (`vite build --ssr`, dist/server) carries its own production React and
  // the libraries that use it: one copy of React, fast, whatever NODE_ENV the server runs with.
  environments: {
    ssr: {
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      resolve: { noExternal: true },
    },
  },
  server: {
    port: 5173,
    // The API checks Origin against Host, so the proxy keeps the browser's Host.
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/media': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});

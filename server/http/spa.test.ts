import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import viteConfig, { moveSourceMapsOut } from '../../vite.config';
import { precompressAssets } from '../../scripts/precompress-assets';
import { buildApp } from '../app';
import { buildTestApp, type TTestApp } from '../test/build-test-app';
import { buildUser, cookieFor } from '../test/factories';

describe('the built client', () => {
  let t: TTestApp;
  let app: FastifyInstance;
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;

  beforeEach(async () => {
    t = await buildTestApp('sqlite');
    const clientDir = join(t.config.dataDir, 'client');
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Gallery</title></head><body></body></html>');
    writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(clientDir, 'assets', 'tiny-abc123.js'), 'export {};\n');
    writeFileSync(join(clientDir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 1));
    // A source map an older build left in the served folder: it must stay private.
    writeFileSync(join(clientDir, 'assets', 'app-abc123.js.map'), JSON.stringify({ version: 3, sources: ['../../web/secret.ts'], mappings: 'A'.repeat(2048) }));
    expect(precompressAssets(join(clientDir, 'assets'))).toBe(1);
    expect(existsSync(join(clientDir, 'assets', 'app-abc123.js.map.gz'))).toBe(false);
    expect(existsSync(join(clientDir, 'assets', 'tiny-abc123.js.gz'))).toBe(false);
    expect(existsSync(join(clientDir, 'assets', 'logo-abc123.png.br'))).toBe(false);
    app = await buildApp({ config: t.config, database: t.database, clientDir, logger: false, storage: t.ctx.storage });
  });
  afterEach(async () => {
    await app.close();
    await t.close();
  });

  it('sends scripts Brotli- or gzip-compressed from the copies made at build time, as the browser accepts', async () => {
    const brotli = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never serves a source map, present or not, in any encoding', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/APP-abc123.js.map', '/assets/missing-abc123.js.map', '/assets/app-abc123.js.map.br', '/app.css.map']) {
      for (const encoding of ['gzip, deflate, br', 'identity']) {
        const response = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('secret.ts');
      }
    }
    expect((await app.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200);
  });
});

describe('the production build', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'vite-build-'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'index.html'), '<!doctype html><html><head><script type="module" src="./main.ts"></script></head><body></body></html>');
    writeFileSync(join(root, 'src', 'main.ts'), 'const answer: number = 42;\ndocument.title = String(answer);\n');
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('writes hidden source maps, outside the folder the server serves', async () => {
    const sourcemap = viteConfig.build?.sourcemap;
    expect(sourcemap === false || sourcemap === 'hidden').toBe(true);
    // The project's own build settings for maps, on a one-file client.
    await build({
      root: join(root, 'src'),
      configFile: false,
      logLevel: 'silent',
      plugins: [moveSourceMapsOut()],
      build: { outDir: join(root, 'dist', 'web'), emptyOutDir: true, sourcemap, assetsDir: viteConfig.build?.assetsDir ?? 'assets' },
    });
    const assets = readdirSync(join(root, 'dist', 'web', 'assets'));
    const scripts = assets.filter((name) => name.endsWith('.js'));
    expect(scripts).toHaveLength(1);
    expect(assets.filter((name) => name.includes('.map'))).toEqual([]);
    expect(readFileSync(join(root, 'dist', 'web', 'assets', scripts[0]!), 'utf8')).not.toContain('sourceMappingURL');
    if (sourcemap === 'hidden') expect(readdirSync(join(root, 'dist', 'sourcemaps'))).toEqual([`${scripts[0]}.map`]);
  });
});

describe('the page the server sends', () => {
  let t: TTestApp;
  let app: FastifyInstance;

  beforeEach(async () => {
    t = await buildTestApp('sqlite', { env: { SITE_NAME: 'Prompt </script> Gallery', SUPPORT_EMAIL: 'help@gallery.example' } });
    const clientDir = join(t.config.dataDir, 'client');
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Placeholder</title></head><body></body></html>');
    app = await buildApp({ config: t.config, database: t.database, clientDir, logger: false, storage: t.ctx.storage });
  });
  afterEach(async () => {
    await app.close();
    await t.close();
  });

  it('carries the configured site name in its title and, for the client, in an inert JSON element', async () => {
    const page = await app.inject({ url: '/jobs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Prompt &lt;/script&gt; Gallery</title>');
    const json = /<script id="site-info" type="application\/json">(.*?)<\/script>/.exec(page.body)?.[1];
    expect(json).toBeDefined();
    // The name cannot close the element early: its '<' is escaped inside the JSON.
    expect(json).not.toContain('</script');
    expect(JSON.parse(json!)).toEqual({ siteName: 'Prompt </script> Gallery', supportEmail: 'help@gallery.example' });
  });

  it('is gzipped for a browser that takes it, cached or not, and plain for one that does not', async () => {
    const gzipped = { 'accept-encoding': 'gzip, deflate, br' };
    // Long enough to be worth compressing: the site's meta tags and the client's data make a page.
    writeFileSync(join(t.config.dataDir, 'client', 'index.html'), `<!doctype html><html><head><title>Placeholder</title></head><body>${'<p>gallery</p>'.repeat(200)}</body></html>`);
    await app.close();
    app = await buildApp({ config: t.config, database: t.database, clientDir: join(t.config.dataDir, 'client'), logger: false, storage: t.ctx.storage });

    const plain = await app.inject({ url: '/about' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const round of ['first', 'from the cache']) {
      const page = await app.inject({ url: '/about', headers: gzipped });
      expect(page.headers['content-encoding'], round).toBe('gzip');
      expect(gunzipSync(page.rawPayload).toString('utf8'), round).toBe(plain.body);
    }
    // A member's page (never cached) is compressed too.
    const member = await buildUser(t.ctx);
    const mine = await app.inject({ url: '/about', headers: { ...gzipped, cookie: await cookieFor(t.ctx, member) } });
    expect(mine.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(mine.rawPayload).toString('utf8')).toContain('<p>gallery</p>');
  });
});

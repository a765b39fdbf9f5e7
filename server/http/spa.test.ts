import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../scripts/precompress-assets';
import { buildApp } from '../app';
import { buildTestApp, type TTestApp } from '../test/build-test-app';

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
    expect(precompressAssets(join(clientDir, 'assets'))).toBe(1);
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
});

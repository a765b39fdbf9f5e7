// The API reference: /api/openapi.json against the OpenAPI 3.1 schema and against the app's own
// route inventory, and the /api/docs page with its own CSP.
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInventoriedApp, type TInventoriedApp, type TRoute } from '../test/route-inventory';
import { DOCS_PATH, OPENAPI_PATH, SESSION_SCHEME } from './api-docs';

const PACKAGE_VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** '/api/projects/:id/like' → '/api/projects/{id}/like', as OpenAPI writes a path. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

// The routes and their schemas are the same on either engine: one app is enough.
describe('the API reference', () => {
  let t: TInventoriedApp;
  let document: OpenAPIV3_1.Document;
  let apiRoutes: TRoute[];

  beforeAll(async () => {
    t = await buildInventoriedApp('sqlite', { env: { SITE_NAME: 'Prompt Gallery', PUBLIC_URL: 'https://gallery.example', MIN_BODY_KB_PER_SECOND: '8', SLOW_BODY_WINDOW_SECONDS: '20' } });
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json();
    apiRoutes = t.routes.filter((route) => route.url.startsWith('/api/') && !route.hidden);
  });

  afterAll(async () => {
    await t?.close();
  });

  const operationOf = (route: TRoute) => document.paths?.[openapiPath(route.url)]?.[route.method.toLowerCase() as OpenAPIV3_1.HttpMethods];

  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((name) => !document.components?.schemas?.[name])).toEqual([]);
  });

  it('names the site, the version in package.json and PUBLIC_URL', () => {
    expect(document.info).toMatchObject({ title: 'Prompt Gallery API', version: PACKAGE_VERSION });
    expect(document.servers).toEqual([{ url: 'https://gallery.example' }]);
  });

  it('states the floor under request bodies as this server is configured', () => {
    expect(document.info.description).toContain('less than 8 KB/s over a window of 20 s is answered 408');
  });

  it('describes every /api route of the inventory with the answers it declares, and nothing else', () => {
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(apiRoutes.map((route) => `${route.method} ${openapiPath(route.url)}`).sort());
    for (const route of apiRoutes) {
      expect(Object.keys(operationOf(route)?.responses ?? {}).sort(), route.key).toEqual([...route.responses].sort());
    }
  });

  it('leaves out only the reference itself among /api routes, and every page, probe and file outside /api', () => {
    const hidden = t.routes.filter((route) => route.hidden && route.url.startsWith('/api/'));
    expect(hidden.map((route) => route.url)).toContain(OPENAPI_PATH);
    expect(hidden.filter((route) => route.url !== OPENAPI_PATH && !route.url.startsWith(DOCS_PATH)).map((route) => route.key)).toEqual([]);
    expect(Object.keys(document.paths ?? {}).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('names the named shapes once as components, refers to them, and keeps none that nothing uses', () => {
    const project = operationOf(apiRoutes.find((route) => route.key === 'GET /api/projects/:id')!)?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(project.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Project' });
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(expect.arrayContaining(['Project', 'PublicUser', 'CurrentUser', 'Error']));
    expect(Object.keys(document.components?.schemas ?? {}).filter((name) => name.endsWith('Input'))).toEqual([]);
  });

  it('asks for the session cookie on exactly the member-only operations', () => {
    expect(document.components?.securitySchemes?.[SESSION_SCHEME]).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    const withCookie = apiRoutes.filter((route) => operationOf(route)?.security !== undefined);
    expect(withCookie.map((route) => route.key).sort()).toEqual(apiRoutes.filter((route) => route.membersOnly).map((route) => route.key).sort());
    expect(operationOf(withCookie[0]!)?.security).toEqual([{ [SESSION_SCHEME]: [] }]);
  });

  it('tags every operation with one of the modules the document lists', () => {
    const tags = (document.tags ?? []).map((tag) => tag.name);
    expect(tags).toEqual(expect.arrayContaining(['accounts', 'members', 'projects', 'media', 'social', 'jobs', 'messages', 'site']));
    expect(apiRoutes.filter((route) => operationOf(route)?.tags?.length !== 1 || !tags.includes(operationOf(route)!.tags![0]!)).map((route) => route.key)).toEqual([]);
  });

  it('serves the reference page and its assets from this origin under their own CSP, and keeps the strict one on answers', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`src="${DOCS_PATH}/static/swagger-ui-bundle.js"`);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|https?:\/\//);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);

    const bundle = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-security-policy']).toBe(csp);

    const answer = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

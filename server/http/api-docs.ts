// The API's own reference: GET /api/openapi.json, an OpenAPI 3.1 document generated from the
// zod schemas the routes declare (the same ones that validate requests and serialize answers),
// and /api/docs, a swagger-ui page over it served from this origin.
import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { PAGE_HEADERS } from '../../shared/constants';
import type { TBodyFloor } from '../config';
import { apiDocsContentSecurityPolicy } from './security';
import { SESSION_COOKIE } from './sessions';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
/** The security scheme member-only operations name: the session cookie. */
export const SESSION_SCHEME = 'session';

const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** One tag per server module (the routes' `schema.tags`). */
const TAGS: OpenAPIV3_1.TagObject[] = [
  { name: 'accounts', description: 'Sign-up, sign-in, the session and invitation codes' },
  { name: 'members', description: "Creator profiles, and a member's own profile and account" },
  { name: 'projects', description: 'Projects, likes, categories and search' },
  { name: 'media', description: 'Uploading images, GIFs and videos' },
  { name: 'social', description: 'Following and blocking members' },
  { name: 'comments', description: 'Comments and replies on projects' },
  { name: 'collections', description: 'Collections: members save projects into named sets, private or public' },
  { name: 'jobs', description: 'The job board and paying for a listing' },
  { name: 'messages', description: 'Contact and hire messages, and the inbox' },
  { name: 'notifications', description: 'The bell, marking read, notification e-mail settings and one-click unsubscribe' },
  { name: 'site', description: 'What pages need from the configuration, and site figures' },
  { name: 'moderation', description: 'Reports, and the admin area: the report queue, members, suspension, the audit log and figures' },
];

/** The API's introduction; the body floor as this server is configured (server/http/slow-bodies.ts). */
function describeApi(bodyFloor: TBodyFloor): string {
  const floor =
    bodyFloor.bytesPerSecond > 0
      ? [
          `A request body must keep arriving: one that brings less than ${bodyFloor.bytesPerSecond / 1024} KB/s over a window of ${bodyFloor.windowMs / 1000} s ` +
            'is answered 408 and its connection closed, whatever the route.',
        ]
      : [];
  return [
    'Generated from the zod schemas the server validates with; every answer is checked against its schema on the way out.',
    'Errors are `{ "message", "details"?: [{ "field", "message" }] }`. Lists answer one page as an array, with ' +
      `\`${PAGE_HEADERS.hasMore}\`, \`${PAGE_HEADERS.nextCursor}\` (pass it back as \`cursor\`) and, for searches, \`${PAGE_HEADERS.totalCount}\` headers.`,
    ...floor,
  ].join('\n\n');
}

/** Only the JSON API is described: pages, media, probes, the sitemap and robots.txt are not part of it. */
const documentRoute: SwaggerTransform = (input) => {
  if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  const { schema, url } = jsonSchemaTransform(input);
  return { url, schema: input.route.config?.membersOnly ? { ...schema, security: [{ [SESSION_SCHEME]: [] }] } : schema };
};

/** Components no operation refers to (zod's registry also holds the request-side copy of every named shape). */
function withoutUnusedSchemas(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    JSON.stringify(value, (key, child: unknown) => {
      const name = key === '$ref' && typeof child === 'string' ? child.replace('#/components/schemas/', '') : null;
      if (name !== null && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
      return child;
    });
  };
  visit(document.paths);
  return { ...document, components: { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) } };
}

/** 'OK', 'Created', 'Not Found' … where a response has no description of its own. */
function describeStatuses(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations ?? {})) {
      const responses = (operation as OpenAPIV3_1.OperationObject).responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if ('description' in response && response.description === 'Default Response') response.description = STATUS_CODES[status] ?? status;
      }
    }
  }
  return document;
}

const finishDocument: SwaggerTransformObject = (input) => describeStatuses(withoutUnusedSchemas(jsonSchemaTransformObject(input) as OpenAPIV3_1.Document));

/** Registered before any route: @fastify/swagger collects the routes as they are added. */
export async function registerApiDocs(app: FastifyInstance, options: { siteName: string; publicUrl: string; limits: { bodyFloor: TBodyFloor } }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${options.siteName} API`, version: VERSION, description: describeApi(options.limits.bodyFloor) },
      servers: [{ url: options.publicUrl }],
      tags: TAGS,
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie sign-in and sign-up set' },
        },
      },
    },
    transform: documentRoute,
    transformObject: finishDocument,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // Applied by swagger-ui to its own routes only: the page and its assets, nothing else under /api.
    transformStaticCSP: () => apiDocsContentSecurityPolicy(app.swaggerCSP),
    theme: { title: `${options.siteName} API` },
    // No top bar: its URL box would explore other documents, and its inline-styled logo breaks the CSP.
    uiConfig: { layout: 'BaseLayout' },
  });
}

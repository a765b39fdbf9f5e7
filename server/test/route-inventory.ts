// The app's route inventory, taken from the app itself as it is built (buildApp's onRoute),
// never a hand list that could drift: each route with the kind of body it reads, the schemas
// it validates with and the answers it declares, so the API suite (declared answers, the
// OpenAPI document) and the reliability suite (fuzzing, access) cover new routes, or fail
// until someone says how to.
import type { FastifyContextConfig, FastifyInstance, RouteHandlerMethod, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { Engine } from '../db/connect';
import { buildTestApp, type TTestApp, type TTestAppOptions } from './build-test-app';

/** JSON (validated by a schema), a multipart form, raw bytes (a signed webhook), or no body it reads. */
export type TBodyKind = 'json' | 'multipart' | 'raw' | 'none';

export interface TRoute {
  method: string;
  /** As declared, with its parameters: '/api/projects/:id/like'. */
  url: string;
  /** How the suites name a route: 'POST /api/projects/:id/like'. */
  key: string;
  body: TBodyKind;
  /** The zod schemas the route validates with (fastify-type-provider-zod). */
  schema: { body?: ZodType; querystring?: ZodType; params?: ZodType };
  /** Its path parameters: ['id'], or ['*'] for a wildcard. */
  params: string[];
  /** The statuses its `schema.response` declares: ['200', '400', '404']. */
  responses: string[];
  /** Marked `config: MEMBERS_ONLY`. */
  membersOnly: boolean;
  /** Left out of the API document (`schema.hide`): the reference's own routes. */
  hidden: boolean;
  handler: RouteHandlerMethod;
  /** What it declared for the app's own hooks (its read cache rule, how it invalidates). */
  config: FastifyContextConfig;
}

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isStateChanging = (route: TRoute) => STATE_CHANGING_METHODS.has(route.method);

/** Decided by the parsers of the route's own plugin scope, which is what a request meets. */
function bodyKind(scope: FastifyInstance, method: string, hasBodySchema: boolean): TBodyKind {
  if (!STATE_CHANGING_METHODS.has(method)) return 'none';
  if (scope.hasContentTypeParser('multipart/form-data')) return 'multipart';
  if (!scope.hasContentTypeParser('application/json')) return 'raw';
  return hasBodySchema ? 'json' : 'none';
}

function paramsOf(url: string): string[] {
  return url.split('/').flatMap((segment) => (segment.startsWith(':') ? [segment.slice(1)] : segment === '*' ? ['*'] : []));
}

function describeRoute(scope: FastifyInstance, route: RouteOptions): TRoute[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = (route.schema ?? {}) as TRoute['schema'] & { response?: Record<string, unknown>; hide?: boolean };
  // HEAD twins of GET routes are made by Fastify and answer the same way.
  return methods
    .filter((method) => method !== 'HEAD')
    .map((method) => ({
      method,
      url: route.url,
      key: `${method} ${route.url}`,
      body: bodyKind(scope, method, schema.body !== undefined),
      schema: { body: schema.body, querystring: schema.querystring, params: schema.params },
      params: paramsOf(route.url),
      responses: Object.keys(schema.response ?? {}),
      membersOnly: route.config?.membersOnly === true,
      hidden: schema.hide === true,
      handler: route.handler,
      config: route.config ?? {},
    }));
}

export interface TInventoriedApp extends TTestApp {
  routes: TRoute[];
}

/** A test app (buildTestApp) and every route it declared while being built. */
export async function buildInventoriedApp(engine: Engine, options: TTestAppOptions = {}): Promise<TInventoriedApp> {
  const routes: TRoute[] = [];
  const t = await buildTestApp(engine, {
    ...options,
    onRoute(route) {
      routes.push(...describeRoute(this, route));
    },
  });
  return Object.assign(t, { routes });
}

/** The route's URL with each parameter replaced by its (already encoded) value. */
export function fillPath(route: Pick<TRoute, 'url'>, values: Record<string, string>): string {
  return route.url
    .split('/')
    .map((segment) => {
      const name = segment.startsWith(':') ? segment.slice(1) : segment === '*' ? '*' : null;
      if (name === null) return segment;
      const value = values[name];
      if (value === undefined) throw new Error(`No value for :${name} of ${route.url}`);
      return value;
    })
    .join('/');
}

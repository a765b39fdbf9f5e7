// Whole responses to GETs, kept in the read cache by URL: a hit skips validation, session
// lookup, the database and serialization. Routes opt in: `config: PUBLIC_CACHE` for pages
// that differ for a signed-in member (isLiked, isFollowing), which are cached for visitors
// only; `config: SHARED_CACHE` for pages that are the same for everyone. Every successful
// state-changing request empties the cache before its response leaves.
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { TCacheTicket, TReadCache } from '../lib/read-cache';
import { acceptsGzip } from './accepts-gzip';
import { SAFE_METHODS } from './security';
import { SESSION_COOKIE } from './sessions';

/** Route option: `app.get(url, { config: PUBLIC_CACHE }, handler)`, cached for visitors only. */
export const PUBLIC_CACHE = { publicCache: 'visitors' } as const;
/** Route option for responses that do not depend on who asks: cached for everyone. */
export const SHARED_CACHE = { publicCache: 'everyone' } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    publicCache?: 'visitors' | 'everyone';
    /** A hit is served only when this says yes (the handler has nothing left to do). */
    publicCacheWhen?: (request: FastifyRequest) => boolean;
  }
  interface FastifyRequest {
    publicCacheTicket: TCacheTicket | null;
  }
}

interface TCachedResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  /** The body gzipped once when stored, for the browsers (all of them) that accept it. */
  gzipped: Buffer | null;
}

/** Smaller bodies gain too little from compression to be worth a second copy. */
const GZIP_FROM_BYTES = 1024;

/** The response headers a cached copy must repeat (security headers are added per response). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'x-has-more', 'x-next-cursor', 'x-total-count'];
const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`;

function isAnonymous(request: FastifyRequest): boolean {
  const cookies = request.headers.cookie;
  return !cookies || !cookies.includes(SESSION_COOKIE_PREFIX);
}

/**
 * The hooks go on the routes that need them (added as each route is declared), so no other
 * request pays for them: reads marked PUBLIC_CACHE look up and fill the cache; every
 * state-changing route empties it.
 */
export function registerPublicCache(app: FastifyInstance, cache: TReadCache): void {
  app.decorateRequest('publicCacheTicket', null);

  const answerFromCache = (visitorsOnly: boolean, when?: (request: FastifyRequest) => boolean): onRequestHookHandler => (request, reply, done) => {
    if (request.method !== 'GET' || (visitorsOnly && !isAnonymous(request))) return done();
    const hit = cache.get<TCachedResponse>(`http:${request.url}`);
    if (hit && (!when || when(request))) {
      reply.code(hit.status).headers(hit.headers);
      if (hit.gzipped && acceptsGzip(request)) {
        reply.header('content-encoding', 'gzip').send(hit.gzipped);
      } else {
        reply.send(hit.body);
      }
      return;
    }
    request.publicCacheTicket = cache.ticket();
    done();
  };

  const keepResponse: onSendHookHandler = (request, reply, payload, done) => {
    const ticket = request.publicCacheTicket;
    // An answer the route encoded itself is not kept: the cache keeps plain bodies and gzips them.
    if (ticket !== null && reply.statusCode === 200 && !reply.hasHeader('content-encoding') && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const gzipped = payload.length >= GZIP_FROM_BYTES ? gzipSync(payload) : null;
      const entry: TCachedResponse = { status: 200, headers: { ...headers, vary: 'accept-encoding' }, body: payload, gzipped };
      cache.set(`http:${request.url}`, entry, ticket, payload.length + (gzipped?.length ?? 0) + 512);
    }
    // The same URL may later be answered gzipped from the cache: shared caches must keep both.
    if (ticket !== null) reply.header('vary', 'accept-encoding');
    done(null, payload);
  };

  // onSend, not onResponse: the writer's next read (and every other reader's) must already
  // miss when the write's response arrives. A 4xx changed nothing; anything else may have.
  const forgetAfterWrite: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode < 400 || reply.statusCode >= 500) cache.invalidate();
    done(null, payload);
  };

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.config?.publicCache) {
      route.onRequest = [...hookList(route.onRequest), answerFromCache(route.config.publicCache === 'visitors', route.config.publicCacheWhen)];
      route.onSend = [...hookList(route.onSend), keepResponse];
    } else if (methods.some((method) => !SAFE_METHODS.has(method))) {
      route.onSend = [...hookList(route.onSend), forgetAfterWrite];
    }
  });
}

function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

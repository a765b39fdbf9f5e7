// Whole responses to GETs, kept in the read cache by URL: a hit skips validation, session
// lookup, the database and serialization. Routes opt in: `config: cachedForVisitors(tags)` for
// pages that differ for a signed-in member (isLiked, isFollowing), which are cached for visitors
// only; `config: cachedForEveryone(tags)` for pages that are the same for everyone. `tags` names
// what the answer shows (server/lib/cache-tags.ts), so there is no cached route without them.
// Every state-changing route says how its success reaches the cache, always before its response
// leaves: INVALIDATES_SCOPED (its service names the tags it changed once they are committed:
// invalidateAfterCommit), INVALIDATES_NOTHING (no cached answer shows what it changes) or
// INVALIDATES_EVERYTHING (the cache is emptied). One that says nothing empties the cache, the
// safe default, and fails the route inventory test (cache-declarations.test.ts).
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler, preSerializationHookHandler } from 'fastify';
import { bufferBytes, stringBytes, type TCacheTag, type TCacheTicket, type TReadCache } from '../lib/read-cache';
import { acceptsGzip } from './accepts-gzip';
import { reportAnswerTags } from './answer-tags';
import { SAFE_METHODS } from './security';
import { SESSION_COOKIE } from './sessions';

export interface TPublicCacheRule {
  /** 'visitors': answers that differ for a signed-in member; 'everyone': the same for all. */
  for: 'visitors' | 'everyone';
  /** What the answer shows: its route's answer type and request, as the route declared them. */
  tags: (answer: never, request: never) => readonly TCacheTag[];
  /** A hit is served only when this says yes (the handler has nothing left to do). */
  when?: TKeptAnswerCheck;
}

/** Whether a kept answer, stored `ageMs` ago, may be sent to this request. */
export type TKeptAnswerCheck = (request: FastifyRequest, kept: { ageMs: number }) => boolean;

/**
 * The tags of an answer, from what the handler returned (or sent, when it sent a string) and the
 * request after its schema validated query and params. Typed by each route (`(projects:
 * TProject[], request: { query: TListProjectsQuery }) => …`).
 */
export type TAnswerTags<TAnswer, TRequest> = (answer: TAnswer, request: TRequest) => readonly TCacheTag[];

/** Route option: `app.get(url, { config: cachedForVisitors(tagsOfTheAnswer) }, handler)`, cached for visitors only. */
export function cachedForVisitors<TAnswer, TRequest = FastifyRequest>(tags: TAnswerTags<TAnswer, TRequest>, when?: TKeptAnswerCheck) {
  return { publicCache: { for: 'visitors', tags, ...(when ? { when } : {}) } satisfies TPublicCacheRule };
}

/** Route option for responses that do not depend on who asks: cached for everyone. */
export function cachedForEveryone<TAnswer, TRequest = FastifyRequest>(tags: TAnswerTags<TAnswer, TRequest>) {
  return { publicCache: { for: 'everyone', tags } satisfies TPublicCacheRule };
}

/** How a state-changing route's success reaches the read cache. */
export type TInvalidation = 'scoped' | 'nothing' | 'everything';
/** Its service tells the cache what it changed, once committed (invalidateAfterCommit in server/context.ts). */
export const INVALIDATES_SCOPED = { invalidates: 'scoped' } as const satisfies { invalidates: TInvalidation };
/** No cached answer shows what it changes (sessions, codes, uploads, messages, unpaid jobs). */
export const INVALIDATES_NOTHING = { invalidates: 'nothing' } as const satisfies { invalidates: TInvalidation };
/** It may change what any cached answer shows (an account and all it owns going). */
export const INVALIDATES_EVERYTHING = { invalidates: 'everything' } as const satisfies { invalidates: TInvalidation };

declare module 'fastify' {
  interface FastifyContextConfig {
    publicCache?: TPublicCacheRule;
    invalidates?: TInvalidation;
  }
  interface FastifyRequest {
    publicCacheTicket: TCacheTicket | null;
    publicCacheTags: readonly TCacheTag[] | null;
    /** Wakes the requests waiting for this miss's answer (set on the one answering it). */
    publicCacheRelease: (() => void) | null;
  }
}

interface TCachedResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  /**
   * Whether the body is worth a gzip copy, and that copy once made. It is made when a browser
   * (all of them accept it) first asks for the stored answer, not when it is stored: many
   * answers are replaced before anyone is sent them again (a project's, at each new visitor's
   * view), and a page's miss gzips its own response already (spa.ts).
   */
  compressible: boolean;
  gzipped?: Buffer;
  /** What it shows, for a server-rendered page built from it (server/http/answer-tags.ts). */
  tags: readonly TCacheTag[];
  /** When it was stored, on the app's clock (a route's `when` may look at its age). */
  storedAt: number;
}

/**
 * How cacheable GETs were answered since the process started: whole from the cache (hits), by
 * the handler for a visitor or on a route cached for everyone (misses: the answer is then
 * stored), or by the handler for a signed-in member on a route cached for visitors only
 * (bypassed). The bench reads them (GET /healthz/read-cache) to report each scenario's hit rate.
 */
export interface TPublicCacheCounts {
  hits: number;
  misses: number;
  bypassed: number;
  /**
   * Requests that found their URL's miss being answered by another request and waited for it
   * (each then counted as a hit, or as a miss when that answer was not kept).
   */
  joined: number;
}

/** Smaller bodies gain too little from compression to be worth a second copy. */
const GZIP_FROM_BYTES = 1024;

/**
 * A buffer on a backing store of its own size. zlib answers a slice of its 16 kB output chunk,
 * and small buffers are slices of a shared 8 kB pool: kept as they are, a 2 kB gzip copy would
 * hold 16 kB alive.
 */
function ownCopy(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(copy);
  return copy;
}

/** The bytes a cached answer keeps alive: its body, its gzip copy and its header values. */
function responseBytes(response: TCachedResponse): number {
  const body = typeof response.body === 'string' ? stringBytes(response.body) : bufferBytes(response.body);
  const headers = Object.entries(response.headers).reduce((sum, [name, value]) => sum + name.length + stringBytes(value) + 32, 0);
  return body + (response.gzipped ? bufferBytes(response.gzipped) : 0) + headers;
}

/** The cached answer's gzip copy, made and kept with it the first time it is asked for. */
function gzippedCopy(cache: TReadCache, key: string, response: TCachedResponse): Buffer {
  if (response.gzipped) return response.gzipped;
  const gzipped = ownCopy(gzipSync(response.body));
  const withCopy: TCachedResponse = { ...response, gzipped };
  cache.replace(key, response, withCopy, responseBytes(withCopy));
  return gzipped;
}

/** The response headers a cached copy must repeat (security headers are added per response). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'x-has-more', 'x-next-cursor', 'x-total-count'];
const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`;

function isAnonymous(request: FastifyRequest): boolean {
  const cookies = request.headers.cookie;
  return !cookies || !cookies.includes(SESSION_COOKIE_PREFIX);
}

/** The one place the route's declared answer and request types are taken on trust (see TAnswerTags). */
function tagsOf(rule: TPublicCacheRule, answer: unknown, request: FastifyRequest): readonly TCacheTag[] {
  return (rule.tags as (answer: unknown, request: FastifyRequest) => readonly TCacheTag[])(answer, request);
}

/**
 * The hooks go on the routes that need them (added as each route is declared), so no other
 * request pays for them: cached reads look up and fill the cache; state-changing routes that
 * may change anything empty it.
 */
export function registerPublicCache(app: FastifyInstance, cache: TReadCache, now: () => number = Date.now): TPublicCacheCounts {
  const counts: TPublicCacheCounts = { hits: 0, misses: 0, bypassed: 0, joined: 0 };
  app.decorateRequest('publicCacheTicket', null);
  app.decorateRequest('publicCacheTags', null);
  app.decorateRequest('publicCacheRelease', null);
  // Misses being answered now, by cache key. Another request for the same URL waits for that
  // answer instead of reading it again: a popular page just forgotten by a write (the trending
  // page after a like, the site figures, the categories' counts) is read once, not once by
  // every visitor who asks before the first read ends. In this process only; with Redis each
  // process reads it once.
  const answering = new Map<string, Promise<void>>();

  /**
   * Sends the kept answer of `key` when there is one and the route's `when` takes it: 'sent'.
   * 'refused': one is kept but this request needs its handler (a new visitor's view to count),
   * so it has nothing to wait for. 'absent': nothing kept.
   */
  const serveKept = (request: FastifyRequest, reply: FastifyReply, key: string, when?: TKeptAnswerCheck): 'sent' | 'refused' | 'absent' => {
    const hit = cache.get<TCachedResponse>(key);
    if (!hit) return 'absent';
    if (when && !when(request, { ageMs: now() - hit.storedAt })) return 'refused';
    reportAnswerTags(hit.tags);
    counts.hits += 1;
    reply.code(hit.status).headers(hit.headers);
    if (hit.compressible && acceptsGzip(request)) {
      reply.header('content-encoding', 'gzip').send(gzippedCopy(cache, key, hit));
    } else {
      reply.send(hit.body);
    }
    return 'sent';
  };

  const answerMiss = (request: FastifyRequest, reply: FastifyReply, key: string) => {
    counts.misses += 1;
    request.publicCacheTicket = cache.ticket();
    // The first miss of a URL answers it for the others; a request that waited and still missed
    // (that answer was not kept: an error, or a write while it was read) reads on its own.
    if (answering.has(key)) return;
    let wake!: () => void;
    const answered = new Promise<void>((resolve) => (wake = resolve));
    answering.set(key, answered);
    request.publicCacheRelease = () => {
      request.publicCacheRelease = null;
      if (answering.get(key) === answered) answering.delete(key);
      wake();
    };
    // Normally released once the answer is kept (keepResponse); this covers every other end: a
    // hook that failed, a connection closed before the answer was sent.
    reply.raw.once('close', () => request.publicCacheRelease?.());
  };

  const answerFromCache = (visitorsOnly: boolean, when?: TKeptAnswerCheck): onRequestHookHandler => (request, reply, done) => {
    if (request.method !== 'GET') return done();
    if (visitorsOnly && !isAnonymous(request)) {
      counts.bypassed += 1;
      return done();
    }
    const key = `http:${request.url}`;
    const kept = serveKept(request, reply, key, when);
    if (kept === 'sent') return;
    const inFlight = kept === 'absent' ? answering.get(key) : undefined;
    if (inFlight === undefined) {
      answerMiss(request, reply, key);
      return done();
    }
    counts.joined += 1;
    void inFlight
      .then(() => {
        if (serveKept(request, reply, key, when) === 'sent') return;
        answerMiss(request, reply, key);
        done();
      })
      .catch((error: Error) => done(error));
  };

  // Tags come from the answer as the handler returned it, before it becomes text.
  const rememberTags = (rule: TPublicCacheRule): preSerializationHookHandler => (request, reply, payload, done) => {
    if (request.publicCacheTicket !== null && reply.statusCode === 200) request.publicCacheTags = tagsOf(rule, payload, request);
    done(null, payload);
  };

  const keepResponse = (rule: TPublicCacheRule): onSendHookHandler => (request, reply, payload, done) => {
    const ticket = request.publicCacheTicket;
    // An answer the route encoded itself is not kept: the cache keeps plain bodies and gzips them.
    if (ticket !== null && reply.statusCode === 200 && !reply.hasHeader('content-encoding') && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const body = typeof payload === 'string' ? payload : ownCopy(payload);
      // A handler that sent text itself (a sitemap, a page) was not serialized: that text is its answer.
      const tags = request.publicCacheTags ?? tagsOf(rule, payload, request);
      const entry: TCachedResponse = { status: 200, headers: { ...headers, vary: 'accept-encoding' }, body, compressible: payload.length >= GZIP_FROM_BYTES, tags, storedAt: now() };
      reportAnswerTags(tags);
      cache.set(`http:${request.url}`, entry, ticket, { tags, bytes: responseBytes(entry) });
    }
    // Kept or not, the requests waiting for this answer may look again.
    request.publicCacheRelease?.();
    // The same URL may later be answered gzipped from the cache: shared caches must keep both.
    if (ticket !== null) reply.header('vary', 'accept-encoding');
    done(null, payload);
  };

  // onSend, not onResponse: the writer's next read (and every other reader's) must already
  // miss when the write's response arrives. A 4xx changed nothing; anything else may have.
  const forgetEverythingAfterWrite: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode < 400 || reply.statusCode >= 500) cache.invalidateAll();
    done(null, payload);
  };

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const rule = route.config?.publicCache;
    if (rule) {
      route.onRequest = [...hookList(route.onRequest), answerFromCache(rule.for === 'visitors', rule.when)];
      route.preSerialization = [...hookList(route.preSerialization), rememberTags(rule)];
      route.onSend = [...hookList(route.onSend), keepResponse(rule)];
    } else if (methods.some((method) => !SAFE_METHODS.has(method)) && (route.config?.invalidates ?? 'everything') === 'everything') {
      route.onSend = [...hookList(route.onSend), forgetEverythingAfterWrite];
    }
  });
  return counts;
}

function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

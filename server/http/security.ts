// Security headers on every response, and the cross-site request guard for /api.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOCAL_MEDIA_PREFIX } from '../adapters/storage/local-storage';
import { forbidden } from './errors';

/** Methods that change nothing: the origin check and the read cache's invalidation skip them. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths that are called by other sites on purpose (signed by other means). */
export const ORIGIN_EXEMPT: ReadonlySet<string> = new Set(['/api/payments/webhook', '/api/notifications/unsubscribe']);

/** Stripe.js and its frames (Elements, 3-D Secure) talk to Stripe: allowed only when Stripe takes the payments. */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/**
 * Helmet decides the headers; they depend only on the configuration, so they are worked out
 * once at start and set from one cheap hook instead of a dozen middlewares per request.
 */
export function securityHeaders(options: { trustProxy: boolean; stripe: boolean }): Record<string, string> {
  const stripe = options.stripe;
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE_SOURCES.script : [])],
        ...(stripe ? { frameSrc: [...STRIPE_SOURCES.frame] } : {}),
        // React style props and the toast library's injected stylesheet need inline styles; never inline script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? STRIPE_SOURCES.connect : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: options.trustProxy ? [] : null,
      },
    },
    strictTransportSecurity: options.trustProxy ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Share previews and embeds load our media from other origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** What stays meaningful on a JSON answer, which no browser renders as a page (the OWASP REST set). */
const API_HEADER_NAMES = ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-resource-policy', 'strict-transport-security'];

/**
 * Pages (and everything outside /api) get helmet's whole set. /api answers get the few headers
 * that matter for data, with a CSP that allows nothing at all: the document-only ones would
 * only add half a kilobyte to every answer of the hottest routes. The one page under /api, the
 * API reference, swaps that CSP for its own (apiDocsContentSecurityPolicy).
 */
export function apiSecurityHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };
  for (const name of API_HEADER_NAMES) {
    const value = documentHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/**
 * The API reference page (/api/docs, swagger-ui) and its assets: its own scripts and stylesheets
 * (with the hashes swagger-ui lists for any inline ones), the icons its stylesheet inlines as
 * data: URIs, and the document fetched from this origin. No inline script, no other origin, no
 * framing.
 */
export function apiDocsContentSecurityPolicy(inline: { script: string[]; style: string[] }): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...inline.script].join(' '),
    ["style-src 'self'", ...inline.style].join(' '),
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What stays meaningful on a stored media file (besides its own CSP and CORP). */
const MEDIA_HEADER_NAMES = ['x-content-type-options', 'referrer-policy', 'strict-transport-security'];

/**
 * /media answers are uploads: whatever a file turns out to be, opened on its own it runs
 * nothing (a sandboxed document with no sources at all), it is never sniffed into another type,
 * and only this site's pages may embed it. Pages' <img> and <video> tags are not affected by
 * the file's own CSP; the page's CSP (img-src, media-src 'self') is what lets them load it.
 */
export function mediaSecurityHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'content-security-policy': "default-src 'none'; sandbox", 'cross-origin-resource-policy': 'same-site' };
  for (const name of MEDIA_HEADER_NAMES) {
    const value = documentHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: { trustProxy: boolean; stripe: boolean }): void {
  const documentHeaders = securityHeaders(options);
  const apiHeaders = apiSecurityHeaders(documentHeaders);
  const mediaHeaders = mediaSecurityHeaders(documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : request.url.startsWith(`${LOCAL_MEDIA_PREFIX}/`) ? mediaHeaders : documentHeaders);
    done();
  });
}

/** The origin this request was addressed to, as the browser sees it. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * A state-changing /api request from another site is refused: browsers send Origin on
 * such requests and Sec-Fetch-Site where they support it. Requests without either
 * (curl, server-to-server) carry no ambient cookies from a victim's browser.
 */
export function registerOriginCheck(app: FastifyInstance, options: { publicUrl: string }): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (ORIGIN_EXEMPT.has(request.url.split('?')[0] ?? '')) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-site request refused');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin(request) && origin !== publicOrigin) {
      throw forbidden('Cross-site request refused');
    }
  });
}

/**
 * Whether a GET that changes state (GET /api/logout) is the site's own navigation: typed in or
 * a link on one of our pages (Sec-Fetch-Site same-origin or none). Browsers without
 * Sec-Fetch-Site: a Referer of this origin. Anything else — another site, a same-site other
 * origin, no sign at all — is not.
 */
export function isOwnNavigation(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const referer = request.headers.referer;
  if (!referer || !URL.canParse(referer)) return false;
  const origin = new URL(referer).origin;
  return origin === ownOrigin(request) || origin === new URL(publicUrl).origin;
}

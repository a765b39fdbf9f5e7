// Probes for a load balancer or process manager: /healthz says the process is up (no database
// access, so a database outage never gets healthy processes restarted), /readyz says whether
// to send it traffic.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TErrorBody } from '../../shared/schemas/common';
import type { TPublicCacheCounts } from '../http/public-cache';
import type { TReadCache } from '../lib/read-cache';
import type { TReadiness } from './readiness';

const NOT_READY_MESSAGES = {
  'shutting-down': 'Shutting down',
  'database-unreachable': 'Database unreachable',
} as const;

// `pid`: which app process answered (each keeps its own counts; with WEB_CONCURRENCY the bench
// asks until it has heard from all of them, and adds them up).
const ZReadCacheFigures = z.object({ pid: z.number(), hits: z.number(), misses: z.number(), bypassed: z.number(), joined: z.number(), entries: z.number(), bytes: z.number() });

/** What /healthz/read-cache reads: the public cache's answer counts and the read cache it fills. */
export interface TCacheFigures {
  counts: TPublicCacheCounts;
  readCache: Pick<TReadCache, 'bookkeeping'>;
}

export async function healthRoutes(app: FastifyInstance, readiness: TReadiness, cache?: TCacheFigures): Promise<void> {
  // Aggregate counters only (no URL, no visitor): the bench reads them before and after each
  // scenario for its hit rate; an operator can watch them the same way.
  if (cache) {
    app.get('/healthz/read-cache', { schema: { response: { 200: ZReadCacheFigures } } }, async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { entries, bytes } = cache.readCache.bookkeeping();
      return { pid: process.pid, ...cache.counts, entries, bytes };
    });
  }

  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { ok: true };
  });

  app.get('/readyz', async (_request, reply) => {
    // A cached answer would hide the change a probe is there to see.
    reply.header('Cache-Control', 'no-store');
    const result = await readiness.check();
    if (result.ok) return { ok: true };
    return reply
      .code(503)
      .header('Retry-After', '1')
      .send({ ok: false, message: NOT_READY_MESSAGES[result.reason] } satisfies TErrorBody & { ok: false });
  });
}

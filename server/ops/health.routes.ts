// Probes for a load balancer or process manager: /healthz says the process is up (no database
// access, so a database outage never gets healthy processes restarted), /readyz says whether
// to send it traffic.
import type { FastifyInstance } from 'fastify';
import type { TErrorBody } from '../../shared/schemas/common';
import type { TReadiness } from './readiness';

const NOT_READY_MESSAGES = {
  'shutting-down': 'Shutting down',
  'database-unreachable': 'Database unreachable',
} as const;

export async function healthRoutes(app: FastifyInstance, readiness: TReadiness): Promise<void> {
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

import type { FastifyInstance } from 'fastify';
import { SHARED_CACHE } from '../../http/public-cache';
import type { TContext } from '../../context';
import { siteStats } from './stats.service';

export async function statsRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  app.get('/api/stats', { config: SHARED_CACHE }, async (_request, reply) => {
    // Figures for a marketing strip: a minute old is fresh enough for browsers and CDNs.
    reply.header('Cache-Control', 'public, max-age=60');
    return siteStats(ctx);
  });
}

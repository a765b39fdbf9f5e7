import type { FastifyInstance } from 'fastify';
import { cachedForEveryone } from '../../http/public-cache';
import type { TContext } from '../../context';
import { SITE_FIGURES_TAG, SITEMAP_TAG, UNTOUCHED_BY_WRITES } from '../../lib/cache-tags';
import { buildSitemap, robotsTxt, siteInfo, siteStats } from './site.service';

export async function siteRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  app.get('/api/site', { config: cachedForEveryone(() => UNTOUCHED_BY_WRITES) }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return siteInfo(ctx);
  });

  app.get('/api/stats', { config: cachedForEveryone(() => [SITE_FIGURES_TAG]) }, async (_request, reply) => {
    // Figures for a marketing strip: a minute old is fresh enough for browsers and CDNs.
    reply.header('Cache-Control', 'public, max-age=60');
    return siteStats(ctx);
  });

  app.get('/sitemap.xml', { config: cachedForEveryone(() => [SITEMAP_TAG]) }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(await buildSitemap(ctx)),
  );

  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt(ctx)));
}

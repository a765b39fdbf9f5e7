import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSiteInfo, ZSiteStats } from '../../../shared/schemas/contact';
import type { TContext } from '../../context';
import { cachedForEveryone } from '../../http/public-cache';
import { JOB_BOARD_TAG, SITEMAP_TAG, SITE_FIGURES_TAG, UNTOUCHED_BY_WRITES } from '../../lib/cache-tags';
import { buildSitemap, robotsTxt, siteInfo, siteStats } from './site.service';

const tags = ['site'];

export async function siteRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/site', { config: cachedForEveryone(() => UNTOUCHED_BY_WRITES), schema: { tags, response: { 200: ZSiteInfo } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return siteInfo(ctx);
  });

  api.get('/api/stats', { config: cachedForEveryone(() => [SITE_FIGURES_TAG]), schema: { tags, response: { 200: ZSiteStats } } }, async (_request, reply) => {
    // Figures for a marketing strip: a minute old is fresh enough for browsers and CDNs.
    reply.header('Cache-Control', 'public, max-age=60');
    return siteStats(ctx);
  });

  app.get('/sitemap.xml', { config: cachedForEveryone(() => [SITEMAP_TAG, JOB_BOARD_TAG]) }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(await buildSitemap(ctx)),
  );

  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt(ctx)));
}

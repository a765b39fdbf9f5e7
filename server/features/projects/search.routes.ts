import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPageQuery } from '../../../shared/schemas/common';
import { ZListProjectsQuery, ZProjectList } from '../../../shared/schemas/project';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import { sendPage } from '../../http/paging';
import { PUBLIC_CACHE } from '../../http/public-cache';
import { viewerOf } from '../../http/sessions';
import { search } from './search.service';

const ZSearchParams = z.object({ query: z.string().max(2000) });
const ZSearchQuery = ZPageQuery.extend({
  sort: z.enum(['relevance', 'recent', 'popular']).default('relevance'),
  category: ZListProjectsQuery.shape.category,
});

export async function searchRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/projects/search/:query',
    { config: PUBLIC_CACHE, schema: { tags: ['projects'], params: ZSearchParams, querystring: ZSearchQuery, response: { 200: ZProjectList, ...errorResponses(400) } } },
    async (request, reply) => sendPage(reply, await search(ctx, request.params.query, request.query, viewerOf(request))),
  );
}

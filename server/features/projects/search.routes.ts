import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPageQuery } from '../../../shared/schemas/common';
import { type TProject, ZListProjectsQuery, ZProjectList } from '../../../shared/schemas/project';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import { sendPage } from '../../http/paging';
import { cachedForVisitors } from '../../http/public-cache';
import { viewerOf } from '../../http/sessions';
import { PROJECT_LISTS_TAG, SEARCH_RESULTS_TAG, orderTags, projectListTags } from '../../lib/cache-tags';
import { search } from './search.service';

const ZSearchParams = z.object({ query: z.string().max(2000) });
const ZSearchQuery = ZPageQuery.extend({
  sort: z.enum(['relevance', 'recent', 'popular']).default('relevance'),
  category: ZListProjectsQuery.shape.category,
});

/** Search pages: their projects, and what decides which are found and in what order. */
const SEARCH_CACHE = cachedForVisitors((projects: TProject[], request: { query: z.output<typeof ZSearchQuery> }) =>
  projectListTags(projects, [PROJECT_LISTS_TAG, SEARCH_RESULTS_TAG, ...orderTags(request.query.sort)]),
);

export async function searchRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/projects/search/:query',
    { config: SEARCH_CACHE, schema: { tags: ['projects'], params: ZSearchParams, querystring: ZSearchQuery, response: { 200: ZProjectList, ...errorResponses(400) } } },
    async (request, reply) => sendPage(reply, await search(ctx, request.params.query, request.query, viewerOf(request))),
  );
}

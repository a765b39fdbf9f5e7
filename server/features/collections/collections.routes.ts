import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCollection,
  ZCollectionList,
  ZCollectionMembership,
  ZCollectionPage,
  ZCollectionParams,
  ZCollectionProjectParams,
  ZCollectionQuery,
  ZCreateCollectionRequest,
  ZMyCollectionsQuery,
  ZUpdateCollectionRequest,
} from '../../../shared/schemas/collection';
import { ZIdParams, ZNoContent, ZPageQuery } from '../../../shared/schemas/common';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import type { TMemberRates } from '../../http/member-limits';
import { sendPage } from '../../http/paging';
import { cachedForVisitors, INVALIDATES_SCOPED } from '../../http/public-cache';
import { publicCollectionsTags } from '../../lib/cache-tags';
import { MEMBERS_ONLY, requireUser, viewerDetails } from '../../http/sessions';
import {
  addProjectToCollection,
  createCollection,
  deleteCollection,
  getCollection,
  listMyCollections,
  listPublicCollections,
  removeProjectFromCollection,
  updateCollection,
} from './collections.service';

const tags = ['collections'];

// No cached answer shows a collection (their reads are private, no-cache): writes invalidate nothing.
const WRITE = { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED };
// A creator's public collections as visitors see them (their creator page shows them: without
// this the page could not be cached either).
const PUBLIC_COLLECTIONS_CACHE = cachedForVisitors((_collections: unknown, request: { params: { id: number } }) => publicCollectionsTags(request.params.id));

export async function collectionRoutes(app: FastifyInstance, ctx: TContext, rates: Pick<TMemberRates, 'collectionWrites'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/collections', { config: MEMBERS_ONLY, schema: { tags, querystring: ZMyCollectionsQuery, response: { 200: ZCollectionList, ...errorResponses(400, 401) } } }, async (request, reply) => {
    const user = requireUser(request);
    return sendPage(reply, await listMyCollections(ctx, user.id, request.query));
  });

  api.post('/api/collections', { config: WRITE, schema: { tags, body: ZCreateCollectionRequest, response: { 201: ZCollection, ...errorResponses(400, 401, 403, 429) } } }, async (request, reply) => {
    const user = requireUser(request);
    await rates.collectionWrites.take(user.id);
    return reply.code(201).send(await createCollection(ctx, user.id, request.body));
  });

  api.get('/api/collections/:id', { schema: { tags, params: ZCollectionParams, querystring: ZCollectionQuery, response: { 200: ZCollectionPage, ...errorResponses(400, 404) } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return getCollection(ctx, request.params.id, viewerDetails(request), request.query);
  });

  api.patch(
    '/api/collections/:id',
    { config: WRITE, schema: { tags, params: ZCollectionParams, body: ZUpdateCollectionRequest, response: { 200: ZCollection, ...errorResponses(400, 401, 403, 404, 429) } } },
    async (request) => {
      const user = requireUser(request);
      await rates.collectionWrites.take(user.id);
      return updateCollection(ctx, user.id, request.params.id, request.body);
    },
  );

  api.delete('/api/collections/:id', { config: WRITE, schema: { tags, params: ZCollectionParams, response: { 204: ZNoContent, ...errorResponses(400, 401, 403, 404, 429) } } }, async (request, reply) => {
    const user = requireUser(request);
    await rates.collectionWrites.take(user.id);
    await deleteCollection(ctx, user.id, request.params.id);
    return reply.code(204).send();
  });

  api.post(
    '/api/collections/:id/projects/:projectId',
    { config: WRITE, schema: { tags, params: ZCollectionProjectParams, response: { 200: ZCollectionMembership, ...errorResponses(400, 401, 403, 404, 429) } } },
    async (request) => {
      const user = requireUser(request);
      await rates.collectionWrites.take(user.id);
      return addProjectToCollection(ctx, user.id, request.params.id, request.params.projectId);
    },
  );

  api.delete(
    '/api/collections/:id/projects/:projectId',
    { config: WRITE, schema: { tags, params: ZCollectionProjectParams, response: { 200: ZCollectionMembership, ...errorResponses(400, 401, 403, 404, 429) } } },
    async (request) => {
      const user = requireUser(request);
      await rates.collectionWrites.take(user.id);
      return removeProjectFromCollection(ctx, user.id, request.params.id, request.params.projectId);
    },
  );

  api.get('/api/users/:id/collections', { config: PUBLIC_COLLECTIONS_CACHE, schema: { tags, params: ZIdParams, querystring: ZPageQuery, response: { 200: ZCollectionList, ...errorResponses(400, 404) } } }, async (request, reply) =>
    sendPage(reply, await listPublicCollections(ctx, request.params.id, viewerDetails(request), request.query)),
  );
}

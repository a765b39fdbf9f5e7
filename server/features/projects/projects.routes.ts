import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, ZNoContent, ZPageQuery, ZRedirect } from '../../../shared/schemas/common';
import { ZCategorySummaries } from '../../../shared/schemas/creator';
import { type TListProjectsQuery, type TProject, ZCreateProjectRequest, ZLikeResponse, ZMarkMatureRequest, ZGalleryQuery, ZListProjectsQuery, ZProject, ZProjectList, ZProjectRef, ZUpdateProjectRequest } from '../../../shared/schemas/project';
import type { TContext } from '../../context';
import { errorResponses, unauthorized } from '../../http/errors';
import type { TMemberRates } from '../../http/member-limits';
import { sendPage } from '../../http/paging';
import { cachedForEveryone, cachedForVisitors, INVALIDATES_SCOPED } from '../../http/public-cache';
import { MEMBERS_ONLY, requireStaff, requireUser, viewerDetails, viewerOf } from '../../http/sessions';
import { CATEGORIES_TAG, creatorTag, LIKE_ORDER_TAG, orderTags, PROJECT_LISTS_TAG, projectListTags, projectPageTags, projectTag } from '../../lib/cache-tags';
import { markProjectMature } from './mature.service';
import { categorySummaries, createProject, deleteProject, listFollowingFeed, listLikedProjects, listProjects, listSimilarProjects, pickRandomProject, servesKeptPage, shareImageLocation, toggleLike, type TProjectKey, updateProject, viewProject } from './projects.service';

const ZSlugParams = z.object({ slug: z.string().min(1).max(200) });
const ZCategoryParams = z.object({ category: z.string().min(1).max(100) });

const tags = ['projects'];
/** A page of projects, or 400 for a bad filter or cursor. */
const projectPage = { 200: ZProjectList, ...errorResponses(400) };


/** Gallery and category pages: their projects, which projects they hold and in what order. */
const GALLERY_CACHE = cachedForVisitors((projects: TProject[], request: { query: Pick<TListProjectsQuery, 'sort'> }) =>
  projectListTags(projects, [PROJECT_LISTS_TAG, ...orderTags(request.query.sort)]),
);
/** A project's neighbours are found from its tags and categories, and ordered by likes where they tie. */
const SIMILAR_CACHE = cachedForVisitors((projects: TProject[], request: { params: { id: number } }) =>
  projectListTags(projects, [projectTag(request.params.id), PROJECT_LISTS_TAG, LIKE_ORDER_TAG]),
);
/** A creator's projects: which of theirs, in what order, is their creator tag's (their new, edited and deleted projects, likes on them). */
const CREATOR_PROJECTS_CACHE = cachedForVisitors((projects: TProject[], request: { params: { id: number } }) => projectListTags(projects, [creatorTag(request.params.id)]));

export async function projectRoutes(app: FastifyInstance, ctx: TContext, rates: Pick<TMemberRates, 'likesFollows'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The Following feed is a member's own (401 for visitors, never cached: members bypass the visitors' cache).
  api.get('/api/projects', { config: GALLERY_CACHE, schema: { tags, querystring: ZGalleryQuery, response: { ...projectPage, ...errorResponses(401) } } }, async (request, reply) => {
    const { feed, ...query } = request.query;
    const viewerId = viewerOf(request);
    if (feed === 'following') {
      if (viewerId === null) throw unauthorized();
      return sendPage(reply, await listFollowingFeed(ctx, viewerId, query));
    }
    return sendPage(reply, await listProjects(ctx, query, viewerId));
  });

  api.get('/api/projects/random', { schema: { tags, response: { 200: ZProjectRef, ...errorResponses(404) } } }, async () => pickRandomProject(ctx));

  api.get('/api/projects/liked', { config: MEMBERS_ONLY, schema: { tags, querystring: ZPageQuery, response: { ...projectPage, ...errorResponses(401) } } }, async (request, reply) => {
    const user = requireUser(request);
    return sendPage(reply, await listLikedProjects(ctx, user.id, request.query));
  });

  api.get('/api/projects/similar/:id', { config: SIMILAR_CACHE, schema: { tags, params: ZIdParams, response: { ...projectPage, ...errorResponses(404) } } }, async (request) =>
    listSimilarProjects(ctx, request.params.id, viewerOf(request)),
  );

  api.get(
    '/api/projects/category/:category',
    { config: GALLERY_CACHE, schema: { tags, params: ZCategoryParams, querystring: ZListProjectsQuery.omit({ category: true }), response: projectPage } },
    async (request, reply) => sendPage(reply, await listProjects(ctx, { ...request.query, category: [request.params.category] }, viewerOf(request))),
  );

  // While the kept answer is younger than KEPT_PAGE_VIEWS_TRAIL_MS, a visitor counted today gets
  // it as it is, and so does a new one whose view is counted without the database
  // (servesKeptPage); anyone else goes through the handler, which counts the view.
  const countedVisitor = (key: (params: Record<string, string>) => TProjectKey) =>
    cachedForVisitors(projectPageTags, (request, kept) => servesKeptPage(ctx, key(request.params as Record<string, string>), viewerDetails(request), kept.ageMs));

  const oneProject = { 200: ZProject, ...errorResponses(400, 404) };

  api.get(
    '/api/projects/slug/:slug',
    { config: countedVisitor((params) => ({ slug: params.slug ?? '' })), schema: { tags, params: ZSlugParams, response: oneProject } },
    async (request) => viewProject(ctx, { slug: request.params.slug }, viewerDetails(request)),
  );

  api.get('/api/projects/:id', { config: countedVisitor((params) => ({ id: Number(params.id) })), schema: { tags, params: ZIdParams, response: oneProject } }, async (request) =>
    viewProject(ctx, { id: request.params.id }, viewerDetails(request)),
  );

  api.get('/api/projects/:id/og-image', { schema: { tags, params: ZIdParams, response: { 302: ZRedirect, ...errorResponses(400, 404) } } }, async (request, reply) => {
    const location = await shareImageLocation(ctx, request.params.id);
    return reply.header('Cache-Control', 'public, max-age=300').redirect(location, 302);
  });

  api.post('/api/projects', { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, body: ZCreateProjectRequest, response: { 201: ZProject, ...errorResponses(400, 401, 403, 429) } } }, async (request, reply) => {
    const user = requireUser(request);
    return reply.code(201).send(await createProject(ctx, user.id, request.body));
  });

  api.patch(
    '/api/projects/:id',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, body: ZUpdateProjectRequest, response: { 200: ZProject, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const user = requireUser(request);
      return updateProject(ctx, user.id, request.params.id, request.body);
    },
  );

  api.delete('/api/projects/:id', { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, response: { 204: ZNoContent, ...errorResponses(400, 401, 403, 404) } } }, async (request, reply) => {
    const user = requireUser(request);
    await deleteProject(ctx, user.id, request.params.id);
    return reply.code(204).send();
  });

  api.post(
    '/api/admin/projects/:id/mature',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, body: ZMarkMatureRequest, response: { 200: ZProject, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const staff = requireStaff(request);
      return markProjectMature(ctx, staff.id, request.params.id, request.body);
    },
  );

  api.post('/api/projects/:id/like', { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, response: { 200: ZLikeResponse, ...errorResponses(400, 401, 403, 404, 429) } } }, async (request) => {
    const user = requireUser(request);
    await rates.likesFollows.take(user.id);
    return toggleLike(ctx, user.id, request.params.id);
  });

  api.get(
    '/api/users/:id/projects',
    {
      config: CREATOR_PROJECTS_CACHE,
      schema: { tags, params: ZIdParams, querystring: ZListProjectsQuery.extend({ sort: ZListProjectsQuery.shape.sort.removeDefault().default('recent') }), response: projectPage },
    },
    async (request, reply) => sendPage(reply, await listProjects(ctx, request.query, viewerOf(request), { userId: request.params.id })),
  );

  api.get('/api/categories', { config: cachedForEveryone(() => [CATEGORIES_TAG]), schema: { tags, response: { 200: ZCategorySummaries } } }, async () => categorySummaries(ctx));
}

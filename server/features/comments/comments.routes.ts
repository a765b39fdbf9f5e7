import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type TComment, ZCommentList, ZCommentsQuery, ZProjectCommentsQuery, ZCreateCommentRequest, ZCreatedComment, ZReply, ZReplyList, ZUpdateCommentRequest } from '../../../shared/schemas/comment';
import { ZIdParams, ZNoContent } from '../../../shared/schemas/common';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import type { TMemberRates } from '../../http/member-limits';
import { sendPage } from '../../http/paging';
import { cachedForVisitors, INVALIDATES_SCOPED } from '../../http/public-cache';
import { commentListTags } from '../../lib/cache-tags';
import { MEMBERS_ONLY, requireUser } from '../../http/sessions';
import { addComment, deleteComment, editComment, listComments, listReplies } from './comments.service';

const tags = ['comments'];

// A project's comments as visitors see them (a server-rendered project page shows them: without
// this the page could not be cached either).
const COMMENTS_CACHE = cachedForVisitors((comments: TComment[], request: { params: { id: number } }) => commentListTags(request.params.id, comments));

export async function commentRoutes(app: FastifyInstance, ctx: TContext, rates: Pick<TMemberRates, 'comments'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/projects/:id/comments', { config: COMMENTS_CACHE, schema: { tags, params: ZIdParams, querystring: ZProjectCommentsQuery, response: { 200: ZCommentList, ...errorResponses(400, 404) } } }, async (request, reply) => {
    return sendPage(reply, await listComments(ctx, request.params.id, request.currentUser, request.query));
  });

  api.get('/api/comments/:id/replies', { schema: { tags, params: ZIdParams, querystring: ZCommentsQuery, response: { 200: ZReplyList, ...errorResponses(400, 404) } } }, async (request, reply) => {
    return sendPage(reply, await listReplies(ctx, request.params.id, request.currentUser, request.query));
  });

  api.post(
    '/api/projects/:id/comments',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, body: ZCreateCommentRequest, response: { 201: ZCreatedComment, ...errorResponses(400, 401, 403, 404, 429) } } },
    async (request, reply) => {
      const user = requireUser(request);
      await rates.comments.take(user.id);
      const { comment } = await addComment(ctx, user, request.params.id, request.body);
      return reply.code(201).send(comment);
    },
  );

  api.patch('/api/comments/:id', { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, body: ZUpdateCommentRequest, response: { 200: ZReply, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    const user = requireUser(request);
    return editComment(ctx, user, request.params.id, request.body);
  });

  api.delete('/api/comments/:id', { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, response: { 204: ZNoContent, ...errorResponses(400, 401, 403, 404) } } }, async (request, reply) => {
    const user = requireUser(request);
    await deleteComment(ctx, user, request.params.id);
    return reply.code(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBlockedMemberList, ZBlockState } from '../../../shared/schemas/comment';
import { ZIdParams, ZPageQuery } from '../../../shared/schemas/common';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import { sendPage } from '../../http/paging';
import { INVALIDATES_NOTHING, INVALIDATES_SCOPED } from '../../http/public-cache';
import { MEMBERS_ONLY, requireUser } from '../../http/sessions';
import { blockMember, listBlockedMembers, unblockMember } from './blocks.service';

const tags = ['social'];

export async function blockRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A block ends the blocked member's follow: the follower figures change.
  api.post('/api/users/:id/block', { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, response: { 200: ZBlockState, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    const user = requireUser(request);
    return blockMember(ctx, user.id, request.params.id);
  });

  api.delete('/api/users/:id/block', { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, params: ZIdParams, response: { 200: ZBlockState, ...errorResponses(400, 401, 403) } } }, async (request) => {
    const user = requireUser(request);
    return unblockMember(ctx, user.id, request.params.id);
  });

  api.get('/api/blocks', { config: MEMBERS_ONLY, schema: { tags, querystring: ZPageQuery, response: { 200: ZBlockedMemberList, ...errorResponses(400, 401) } } }, async (request, reply) => {
    const user = requireUser(request);
    return sendPage(reply, await listBlockedMembers(ctx, user.id, request.query));
  });
}

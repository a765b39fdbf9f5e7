import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/common';
import { ZUpdateProfileRequest } from '../../../shared/schemas/profile';
import type { TContext } from '../../context';
import { cachedForVisitors, INVALIDATES_EVERYTHING, INVALIDATES_SCOPED } from '../../http/public-cache';
import { creatorPageTags } from '../../lib/cache-tags';
import { clearSessionCookie, requireUser, viewerOf } from '../../http/sessions';
import { toCurrentUser } from '../accounts/user.presenter';
import { creatorProfile, editProfile, leave } from './members.service';

export async function memberRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/users/:id', { config: cachedForVisitors(creatorPageTags), schema: { params: ZIdParams } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return creatorProfile(ctx, request.params.id, viewerOf(request));
  });

  api.patch('/api/auth/profile', { config: INVALIDATES_SCOPED, schema: { body: ZUpdateProfileRequest } }, async (request) => {
    const user = requireUser(request);
    return toCurrentUser(await editProfile(ctx, user.id, request.body));
  });

  api.delete('/api/auth/delete-account', { config: INVALIDATES_EVERYTHING }, async (request, reply) => {
    const user = requireUser(request);
    await leave(ctx, user.id);
    clearSessionCookie(reply, ctx.config);
    return reply.code(204).send();
  });
}

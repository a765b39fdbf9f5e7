import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/common';
import { ZFollowResponse } from '../../../shared/schemas/project';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import type { TMemberRates } from '../../http/member-limits';
import { INVALIDATES_SCOPED } from '../../http/public-cache';
import { MEMBERS_ONLY, requireUser } from '../../http/sessions';
import { toggleFollow } from './social.service';

export async function socialRoutes(app: FastifyInstance, ctx: TContext, rates: Pick<TMemberRates, 'likesFollows'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const schema = { tags: ['social'], params: ZIdParams, response: { 200: ZFollowResponse, ...errorResponses(400, 401, 403, 404, 429) } };
  api.post('/api/users/:id/follow', { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema }, async (request) => {
    const user = requireUser(request);
    await rates.likesFollows.take(user.id);
    return toggleFollow(ctx, user.id, request.params.id);
  });
}

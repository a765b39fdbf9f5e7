import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/common';
import type { TContext } from '../../context';
import { INVALIDATES_SCOPED } from '../../http/public-cache';
import { requireUser } from '../../http/sessions';
import { toggleFollow } from './social.service';

export async function socialRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/users/:id/follow', { config: INVALIDATES_SCOPED, schema: { params: ZIdParams } }, async (request) => {
    const user = requireUser(request);
    return toggleFollow(ctx, user.id, request.params.id);
  });
}

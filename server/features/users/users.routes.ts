import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TContext } from '../../context';
import { ZIdParams } from '../projects/projects.routes';
import { categorySummaries, creatorProfile } from './users.service';

export async function userRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/users/:id', { schema: { params: ZIdParams } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return creatorProfile(ctx, request.params.id, request.currentUser?.id ?? null);
  });

  api.get('/api/categories', async () => categorySummaries(ctx));
}

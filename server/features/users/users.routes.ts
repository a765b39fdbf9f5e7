import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC_CACHE, SHARED_CACHE } from '../../http/public-cache';
import type { TContext } from '../../context';
import { ZIdParams } from '../projects/projects.routes';
import { categorySummaries, creatorProfile } from './users.service';

export async function userRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/users/:id', { config: PUBLIC_CACHE, schema: { params: ZIdParams } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return creatorProfile(ctx, request.params.id, request.currentUser?.id ?? null);
  });

  api.get('/api/categories', { config: SHARED_CACHE }, async () => categorySummaries(ctx));
}

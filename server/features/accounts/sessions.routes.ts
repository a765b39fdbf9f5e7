// A member's own sessions: where they are signed in, ending one, and 'Sign out everywhere else'.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZNoContent } from '../../../shared/schemas/common';
import { ZEndedSessions, ZSessionList, ZSessionParams } from '../../../shared/schemas/session';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import { INVALIDATES_NOTHING } from '../../http/public-cache';
import { clearSessionCookie, MEMBERS_ONLY, requireUser } from '../../http/sessions';
import { endSessionOf, endSessionsOf, listSessions } from './sessions.service';

const tags = ['accounts'];

export async function sessionRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/auth/sessions', { config: MEMBERS_ONLY, schema: { tags, response: { 200: ZSessionList, ...errorResponses(401) } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return listSessions(ctx, user.id, request.sessionTokenHash);
  });

  api.delete(
    '/api/auth/sessions/:id',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, params: ZSessionParams, response: { 204: ZNoContent, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      const user = requireUser(request);
      const ended = await endSessionOf(ctx, user.id, request.params.id);
      if (ended === request.sessionTokenHash) clearSessionCookie(reply, ctx.config);
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/auth/sessions/end-others',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, response: { 200: ZEndedSessions, ...errorResponses(401, 403) } } },
    async (request) => {
      const user = requireUser(request);
      return { ended: await endSessionsOf(ctx, user.id, request.sessionTokenHash ?? undefined) };
    },
  );
}

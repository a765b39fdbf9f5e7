import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSigninRequest, ZSignupRequest } from '../../../shared/schemas/auth';
import type { TContext } from '../../context';
import { INVALIDATES_NOTHING, INVALIDATES_SCOPED } from '../../http/public-cache';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../http/sessions';
import { type TSigninThrottles, type TSignupThrottles, signIn, signUp } from './accounts.service';
import { endSession, startSession } from './sessions.service';
import { toCurrentUser } from './user.presenter';

export async function accountRoutes(
  app: FastifyInstance,
  ctx: TContext,
  throttles: { signup: TSignupThrottles; signin: TSigninThrottles },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/auth/signup', { config: INVALIDATES_SCOPED, schema: { body: ZSignupRequest } }, async (request, reply) => {
    const user = await signUp(ctx, throttles.signup, request.body, request.ip);
    setSessionCookie(reply, ctx.config, await startSession(ctx, user.id));
    return reply.code(201).send(toCurrentUser(user));
  });

  api.post('/api/auth/signin', { config: INVALIDATES_NOTHING, schema: { body: ZSigninRequest } }, async (request, reply) => {
    const user = await signIn(ctx, throttles.signin, request.body, request.ip);
    // A new token at every sign-in: a token planted before sign-in is never promoted.
    if (request.sessionTokenHash) await endSession(ctx, request.sessionTokenHash);
    setSessionCookie(reply, ctx.config, await startSession(ctx, user.id));
    return toCurrentUser(user);
  });

  api.post('/api/auth/signout', { config: INVALIDATES_NOTHING }, async (request, reply) => {
    if (request.sessionTokenHash) await endSession(ctx, request.sessionTokenHash);
    clearSessionCookie(reply, ctx.config);
    return reply.code(204).send();
  });

  for (const path of ['/api/auth/me', '/api/auth/user']) {
    api.get(path, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return toCurrentUser(requireUser(request));
    });
  }

  // Old full-page endpoints (SPEC §2): linked from the mobile header and the like redirect.
  api.get('/api/login', async (_request, reply) => reply.redirect('/login'));
  api.get('/api/logout', async (request, reply) => {
    if (request.sessionTokenHash) await endSession(ctx, request.sessionTokenHash);
    clearSessionCookie(reply, ctx.config);
    return reply.redirect('/');
  });
}

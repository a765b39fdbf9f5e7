import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseReturnTo, returnToQuery } from '../../../shared/return-to';
import { ZLoginRedirectQuery, ZSigninRequest, ZSignupRequest } from '../../../shared/schemas/auth';
import { ZNoContent, ZRedirect } from '../../../shared/schemas/common';
import { ZCurrentUser, ZCurrentUserOrVisitor } from '../../../shared/schemas/user';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import { INVALIDATES_NOTHING, INVALIDATES_SCOPED } from '../../http/public-cache';
import { isOwnNavigation } from '../../http/security';
import { clearSessionCookie, setSessionCookie } from '../../http/sessions';
import { signIn, signUp, type TSigninThrottles, type TSignupThrottles } from './accounts.service';
import { endSession, startSession } from './sessions.service';
import { toCurrentUser } from './user.presenter';

const tags = ['accounts'];

export async function accountRoutes(
  app: FastifyInstance,
  ctx: TContext,
  throttles: { signup: TSignupThrottles; signin: TSigninThrottles },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/auth/signup',
    { config: INVALIDATES_SCOPED, schema: { tags, body: ZSignupRequest, response: { 201: ZCurrentUser, ...errorResponses(400, 403, 404, 409, 410, 429) } } },
    async (request, reply) => {
      const user = await signUp(ctx, throttles.signup, request.body, request.ip);
      setSessionCookie(reply, ctx.config, await startSession(ctx, user.id, request.headers['user-agent']));
      return reply.code(201).send(toCurrentUser(user));
    },
  );

  api.post('/api/auth/signin', { config: INVALIDATES_NOTHING, schema: { tags, body: ZSigninRequest, response: { 200: ZCurrentUser, ...errorResponses(400, 401, 403, 429) } } }, async (request, reply) => {
    const user = await signIn(ctx, throttles.signin, request.body, request.ip);
    // A new token at every sign-in: a token planted before sign-in is never promoted.
    if (request.sessionTokenHash) await endSession(ctx, request.sessionTokenHash);
    setSessionCookie(reply, ctx.config, await startSession(ctx, user.id, request.headers['user-agent']));
    return toCurrentUser(user);
  });

  api.post('/api/auth/signout', { config: INVALIDATES_NOTHING, schema: { tags, response: { 204: ZNoContent, ...errorResponses(403) } } }, async (request, reply) => {
    if (request.sessionTokenHash) await endSession(ctx, request.sessionTokenHash);
    clearSessionCookie(reply, ctx.config);
    return reply.code(204).send();
  });

  for (const path of ['/api/auth/me', '/api/auth/user']) {
    api.get(path, { schema: { tags, response: { 200: ZCurrentUserOrVisitor } } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return request.currentUser ? toCurrentUser(request.currentUser) : null;
    });
  }

  // Old full-page endpoints (SPEC §2): linked from the mobile header and the like redirect.
  // It passes next / do / id on to /login (issue 16) when next is a path on this site; else plain /login.
  api.get('/api/login', { schema: { tags, querystring: ZLoginRedirectQuery, response: { 302: ZRedirect, ...errorResponses(400) } } }, async (request, reply) => {
    const query: Record<string, string | undefined> = request.query;
    return reply.redirect(`/login${returnToQuery(parseReturnTo({ get: (name) => query[name] ?? null }))}`);
  });
  // A GET that signs out, so only our own pages' links (or the address bar) may use it: a link
  // or image on another site lands on the home page still signed in. POST /api/auth/signout is the way for scripts.
  api.get('/api/logout', { schema: { tags, response: { 302: ZRedirect } } }, async (request, reply) => {
    if (isOwnNavigation(request, ctx.config.publicUrl)) {
      if (request.sessionTokenHash) await endSession(ctx, request.sessionTokenHash);
      clearSessionCookie(reply, ctx.config);
    }
    return reply.redirect('/');
  });
}

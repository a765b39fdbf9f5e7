import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZNoContent } from '../../../shared/schemas/common';
import {
  EMAIL_CHANGE_ANSWER,
  FORGOT_PASSWORD_ANSWER,
  ZAccepted,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZConfirmEmailRequest,
  ZEmailChanged,
  ZForgotPasswordRequest,
  ZResetPasswordRequest,
} from '../../../shared/schemas/credentials';
import { ZCurrentUser } from '../../../shared/schemas/user';
import { errorResponses } from '../../http/errors';
import { INVALIDATES_NOTHING } from '../../http/public-cache';
import { MEMBERS_ONLY, requireUser, setSessionCookie } from '../../http/sessions';
import type { TBackgroundWork } from '../../lib/background-work';
import {
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  requestPasswordReset,
  resetPassword,
  type TCredentialsContext,
  type TCredentialThrottles,
} from './credentials.service';
import { endSession, startSession } from './sessions.service';
import { toCurrentUser } from './user.presenter';

const tags = ['accounts'];

export async function credentialRoutes(app: FastifyInstance, ctx: TCredentialsContext, throttles: TCredentialThrottles, background: TBackgroundWork): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/auth/password',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, body: ZChangePasswordRequest, response: { 204: ZNoContent, ...errorResponses(400, 401, 403, 429) } } },
    async (request, reply) => {
      const user = requireUser(request);
      await changePassword(ctx, throttles, user, request.sessionTokenHash, request.body);
      return reply.code(204).send();
    },
  );

  // The answer goes out before the address is looked up: the same body, in the same time, for
  // a member's address and any other (requestPasswordReset runs after it).
  api.post(
    '/api/auth/password/forgot',
    { config: INVALIDATES_NOTHING, schema: { tags, body: ZForgotPasswordRequest, response: { 202: ZAccepted, ...errorResponses(400, 403, 429) } } },
    async (request, reply) => {
      await throttles.resetPerIp.take(request.ip);
      background.run(request.log, 'password reset request', () => requestPasswordReset(ctx, throttles, request.body.email));
      return reply.code(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  api.post(
    '/api/auth/password/reset',
    { config: INVALIDATES_NOTHING, schema: { tags, body: ZResetPasswordRequest, response: { 200: ZCurrentUser, ...errorResponses(400, 403) } } },
    async (request, reply) => {
      const user = await resetPassword(ctx, request.body);
      // Whatever session this browser had (perhaps another member's) ends; the member starts a new one.
      if (request.sessionTokenHash) await endSession(ctx, request.sessionTokenHash);
      setSessionCookie(reply, ctx.config, await startSession(ctx, user.id));
      return toCurrentUser(user);
    },
  );

  api.post(
    '/api/auth/email',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, body: ZChangeEmailRequest, response: { 202: ZAccepted, ...errorResponses(400, 401, 403, 429) } } },
    async (request, reply) => {
      const user = requireUser(request);
      await requestEmailChange(ctx, throttles, user, request.body);
      return reply.code(202).send({ message: EMAIL_CHANGE_ANSWER });
    },
  );

  api.post(
    '/api/auth/email/confirm',
    { config: INVALIDATES_NOTHING, schema: { tags, body: ZConfirmEmailRequest, response: { 200: ZEmailChanged, ...errorResponses(400, 403, 409) } } },
    async (request) => confirmEmailChange(ctx, request.body.token),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZNoContent } from '../../../shared/schemas/common';
import { ZGenerateCodesRequest, ZInvitationAllowance, ZInvitationCodeList, ZValidateCodeRequest, ZValidateCodeResponse } from '../../../shared/schemas/invitation';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import { INVALIDATES_NOTHING } from '../../http/public-cache';
import { MEMBERS_ONLY, requireUser } from '../../http/sessions';
import { codeAllowance, generateCodes, listMyCodes, revokeCode, validateCode, type TCodeGuessThrottles } from './invitations.service';

const tags = ['accounts'];

export async function invitationRoutes(app: FastifyInstance, ctx: TContext, codeGuesses: TCodeGuessThrottles): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/invitation-codes', { config: MEMBERS_ONLY, schema: { tags, response: { 200: ZInvitationCodeList, ...errorResponses(401) } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return listMyCodes(ctx, user.id);
  });

  api.get('/api/invitation-codes/allowance', { config: MEMBERS_ONLY, schema: { tags, response: { 200: ZInvitationAllowance, ...errorResponses(401) } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return codeAllowance(ctx, user.id);
  });

  api.post(
    '/api/invitation-codes/generate',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, body: ZGenerateCodesRequest, response: { 201: ZInvitationCodeList, ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.code(201).send(await generateCodes(ctx, user.id, request.body.count));
    },
  );

  api.delete(
    '/api/invitation-codes/:id',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, params: ZIdParams, response: { 204: ZNoContent, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      const user = requireUser(request);
      await revokeCode(ctx, user.id, request.params.id);
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/invitation-codes/validate',
    { config: INVALIDATES_NOTHING, schema: { tags, body: ZValidateCodeRequest, response: { 200: ZValidateCodeResponse, ...errorResponses(400, 403, 404, 410, 429) } } },
    async (request) => validateCode(ctx, codeGuesses, request.body.code, request.ip),
  );
}

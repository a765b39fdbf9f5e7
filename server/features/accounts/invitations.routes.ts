import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGenerateCodesRequest, ZValidateCodeRequest } from '../../../shared/schemas/invitation';
import type { TContext } from '../../context';
import { INVALIDATES_NOTHING } from '../../http/public-cache';
import { requireUser } from '../../http/sessions';
import type { TThrottle } from '../../http/rate-limit';
import { generateCodes, listMyCodes, validateCode } from './invitations.service';

export async function invitationRoutes(app: FastifyInstance, ctx: TContext, codeGuesses: TThrottle): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/invitation-codes', async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return listMyCodes(ctx, user.id);
  });

  api.post('/api/invitation-codes/generate', { config: INVALIDATES_NOTHING, schema: { body: ZGenerateCodesRequest } }, async (request, reply) => {
    const user = requireUser(request);
    return reply.code(201).send(await generateCodes(ctx, user.id, request.body.count));
  });

  api.post('/api/invitation-codes/validate', { config: INVALIDATES_NOTHING, schema: { body: ZValidateCodeRequest } }, async (request) =>
    validateCode(ctx, codeGuesses, request.body.code, request.ip),
  );
}

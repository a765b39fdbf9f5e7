import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZContactRequest } from '../../../shared/schemas/contact';
import { ZIdParams, ZPageQuery } from '../../../shared/schemas/common';
import type { TThrottle } from '../../http/rate-limit';
import { INVALIDATES_NOTHING } from '../../http/public-cache';
import { requireUser } from '../../http/sessions';
import { sendPage } from '../../http/paging';
import { countUnreadMessages, listInbox, markRead, readMessage, sendContactMessage, type TMessagesContext } from './messages.service';

export async function messageRoutes(app: FastifyInstance, ctx: TMessagesContext, contactThrottle: TThrottle): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/contact', { config: INVALIDATES_NOTHING, schema: { body: ZContactRequest } }, async (request, reply) => {
    await sendContactMessage(ctx, contactThrottle, request.body, request.ip);
    return reply.code(201).send({ ok: true });
  });

  api.get('/api/messages', { schema: { querystring: ZPageQuery } }, async (request, reply) => {
    const user = requireUser(request);
    return sendPage(reply, await listInbox(ctx, user.id, request.query));
  });

  api.get('/api/messages/unread-count', async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'private, no-cache');
    return countUnreadMessages(ctx, user.id);
  });

  api.get('/api/messages/:id', { schema: { params: ZIdParams } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'private, no-cache');
    return readMessage(ctx, user.id, request.params.id);
  });

  api.post('/api/messages/:id/read', { config: INVALIDATES_NOTHING, schema: { params: ZIdParams } }, async (request) => {
    const user = requireUser(request);
    return markRead(ctx, user.id, request.params.id);
  });
}

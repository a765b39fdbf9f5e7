import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZOk, ZPageQuery } from '../../../shared/schemas/common';
import { ZContactRequest, ZInboxMessage, ZInboxMessageList, ZUnreadCount } from '../../../shared/schemas/contact';
import { errorResponses } from '../../http/errors';
import type { TMemberRates } from '../../http/member-limits';
import { sendPage } from '../../http/paging';
import { INVALIDATES_NOTHING } from '../../http/public-cache';
import type { TThrottle } from '../../http/rate-limit';
import { MEMBERS_ONLY, requireUser } from '../../http/sessions';
import { countUnreadMessages, listInbox, markRead, readMessage, sendContactMessage, type TMessagesContext } from './messages.service';

const tags = ['messages'];

export async function messageRoutes(app: FastifyInstance, ctx: TMessagesContext, contactThrottle: TThrottle, rates: Pick<TMemberRates, 'contactMessages'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/contact', { config: INVALIDATES_NOTHING, schema: { tags, body: ZContactRequest, response: { 201: ZOk, ...errorResponses(400, 403, 404, 429) } } }, async (request, reply) => {
    // A signed-in member has a budget of their own too, whatever address they write from.
    if (request.currentUser) await rates.contactMessages.take(request.currentUser.id);
    await sendContactMessage(ctx, contactThrottle, request.body, { ip: request.ip, memberId: request.currentUser?.id ?? null });
    return reply.code(201).send({ ok: true });
  });

  api.get('/api/messages', { config: MEMBERS_ONLY, schema: { tags, querystring: ZPageQuery, response: { 200: ZInboxMessageList, ...errorResponses(400, 401) } } }, async (request, reply) => {
    const user = requireUser(request);
    return sendPage(reply, await listInbox(ctx, user.id, request.query));
  });

  api.get('/api/messages/unread-count', { config: MEMBERS_ONLY, schema: { tags, response: { 200: ZUnreadCount, ...errorResponses(401) } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'private, no-cache');
    return countUnreadMessages(ctx, user.id);
  });

  api.get('/api/messages/:id', { config: MEMBERS_ONLY, schema: { tags, params: ZIdParams, response: { 200: ZInboxMessage, ...errorResponses(400, 401, 404) } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'private, no-cache');
    return readMessage(ctx, user.id, request.params.id);
  });

  api.post('/api/messages/:id/read', { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, params: ZIdParams, response: { 200: ZInboxMessage, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    const user = requireUser(request);
    return markRead(ctx, user.id, request.params.id);
  });
}

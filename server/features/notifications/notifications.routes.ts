import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPageQuery, ZRedirect } from '../../../shared/schemas/common';
import {
  NOTIFICATIONS_PAGE_SIZE,
  ZMarkNotificationsRead,
  ZNotificationList,
  ZNotificationSettings,
  ZUnreadNotifications,
  ZUnsubscribed,
  ZUnsubscribeQuery,
} from '../../../shared/schemas/notification';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import { INVALIDATES_NOTHING } from '../../http/public-cache';
import { MEMBERS_ONLY, requireUser } from '../../http/sessions';
import { listNotifications, markRead, notificationSettings, saveNotificationSettings, unreadNotifications, unsubscribe } from './notifications.service';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

const tags = ['notifications'];
const ZNotificationsQuery = ZPageQuery.extend({ limit: ZPageQuery.shape.limit.default(NOTIFICATIONS_PAGE_SIZE) });

export async function notificationRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/notifications', { config: MEMBERS_ONLY, schema: { tags, querystring: ZNotificationsQuery, response: { 200: ZNotificationList, ...errorResponses(400, 401) } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'private, no-cache');
    return listNotifications(ctx, user.id, request.query);
  });

  api.get('/api/notifications/unread', { config: MEMBERS_ONLY, schema: { tags, response: { 200: ZUnreadNotifications, ...errorResponses(401) } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'private, no-cache');
    return unreadNotifications(ctx, user.id);
  });

  api.post(
    '/api/notifications/read',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, body: ZMarkNotificationsRead, response: { 200: ZUnreadNotifications, ...errorResponses(400, 401, 403) } } },
    async (request) => {
      const user = requireUser(request);
      return markRead(ctx, user.id, request.body.ids);
    },
  );

  api.get('/api/notifications/settings', { config: MEMBERS_ONLY, schema: { tags, response: { 200: ZNotificationSettings, ...errorResponses(401) } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'private, no-cache');
    return notificationSettings(ctx, user.id);
  });

  api.put(
    '/api/notifications/settings',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, body: ZNotificationSettings, response: { 200: ZNotificationSettings, ...errorResponses(400, 401, 403) } } },
    async (request) => {
      const user = requireUser(request);
      return saveNotificationSettings(ctx, user.id, request.body);
    },
  );

  // Opened from an e-mail: the page that asks before turning anything off (a link scanner's GET changes nothing).
  api.get(UNSUBSCRIBE_PATH, { schema: { tags, querystring: ZUnsubscribeQuery, response: { 302: ZRedirect, ...errorResponses(400) } } }, async (request, reply) => {
    const { token, type } = request.query;
    return reply.redirect(`/unsubscribe?${new URLSearchParams({ token, type }).toString()}`, 302);
  });

  // RFC 8058 one-click: the mail provider POSTs 'List-Unsubscribe=One-Click' (form-encoded) from
  // its own servers, so any body is taken and ignored, and the origin check exempts the path;
  // the token in the URL is the authorisation.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
    scope.withTypeProvider<ZodTypeProvider>().post(
      UNSUBSCRIBE_PATH,
      {
        config: INVALIDATES_NOTHING,
        schema: {
          tags,
          description: 'One-click unsubscribe (RFC 8058) from the link in a notification e-mail: no session; the token names the member.',
          querystring: ZUnsubscribeQuery,
          response: { 200: ZUnsubscribed, ...errorResponses(400, 404) },
        },
      },
      async (request) => unsubscribe(ctx, request.query),
    );
  });
}

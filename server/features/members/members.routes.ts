import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZNoContent } from '../../../shared/schemas/common';
import { ZCreatorProfile } from '../../../shared/schemas/creator';
import { ZUpdateProfileRequest } from '../../../shared/schemas/profile';
import { ZCurrentUser, ZPreferencesRequest } from '../../../shared/schemas/user';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import type { TMemberRates } from '../../http/member-limits';
import { cachedForVisitors, INVALIDATES_EVERYTHING, INVALIDATES_NOTHING, INVALIDATES_SCOPED } from '../../http/public-cache';
import { clearSessionCookie, MEMBERS_ONLY, requireUser, viewerDetails, viewerOf } from '../../http/sessions';
import { creatorPageTags } from '../../lib/cache-tags';
import { setPreferences } from '../accounts/accounts.service';
import { toCurrentUser } from '../accounts/user.presenter';
import { creatorProfile, editProfile, leave } from './members.service';

const tags = ['members'];

export async function memberRoutes(app: FastifyInstance, ctx: TContext, rates: Pick<TMemberRates, 'profileEdits'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/users/:id', { config: cachedForVisitors(creatorPageTags), schema: { tags, params: ZIdParams, response: { 200: ZCreatorProfile, ...errorResponses(400, 404) } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    return creatorProfile(ctx, request.params.id, viewerOf(request), { staff: viewerDetails(request).staff });
  });

  api.patch('/api/auth/profile', { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, body: ZUpdateProfileRequest, response: { 200: ZCurrentUser, ...errorResponses(400, 401, 403, 429) } } }, async (request) => {
    const user = requireUser(request);
    await rates.profileEdits.take(user.id);
    return toCurrentUser(await editProfile(ctx, user.id, request.body));
  });

  // Counted with profile edits: both are a member changing their own account.
  api.put('/api/auth/preferences', { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, body: ZPreferencesRequest, response: { 200: ZCurrentUser, ...errorResponses(400, 401, 403, 429) } } }, async (request) => {
    const user = requireUser(request);
    await rates.profileEdits.take(user.id);
    return toCurrentUser(await setPreferences(ctx, user.id, request.body));
  });

  api.delete('/api/auth/delete-account', { config: { ...MEMBERS_ONLY, ...INVALIDATES_EVERYTHING }, schema: { tags, response: { 204: ZNoContent, ...errorResponses(401, 403) } } }, async (request, reply) => {
    const user = requireUser(request);
    await leave(ctx, user.id);
    clearSessionCookie(reply, ctx.config);
    return reply.code(204).send();
  });
}

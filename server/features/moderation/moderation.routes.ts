// Reports (members) and the /admin API (moderators and admins; the audit log, roles and the
// right to invite are admins' only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPageQuery } from '../../../shared/schemas/common';
import {
  ZAdminFigures,
  ZAdminMember,
  ZAdminMemberSummary,
  ZAdminUserParams,
  ZAdminUsersQuery,
  ZAuditEntry,
  ZInviteRightRequest,
  ZModerateRequest,
  ZReport,
  ZReportedTarget,
  ZReportGroup,
  ZReportRequest,
  ZRoleRequest,
  ZSuspendRequest,
  ZUnsuspendRequest,
} from '../../../shared/schemas/moderation';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import type { TMemberRates } from '../../http/member-limits';
import { sendPage } from '../../http/paging';
import { INVALIDATES_NOTHING, INVALIDATES_SCOPED } from '../../http/public-cache';
import { MEMBERS_ONLY, requireAdmin, requireStaff, requireUser } from '../../http/sessions';
import {
  adminFigures,
  adminMember,
  auditLog,
  changeInviteRight,
  changeRole,
  fileReport,
  listMembers,
  moderate,
  reportQueue,
  suspendMember,
  unsuspendMember,
} from './moderation.service';

const tags = ['moderation'];

export async function moderationRoutes(app: FastifyInstance, ctx: TContext, rates: Pick<TMemberRates, 'reports'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/reports',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, body: ZReportRequest, response: { 201: ZReport, ...errorResponses(400, 401, 403, 404, 409, 429) } } },
    async (request, reply) => {
      const user = requireUser(request);
      await rates.reports.take(user.id);
      return reply.code(201).send(await fileReport(ctx, user, request.body));
    },
  );

  api.get(
    '/api/admin/reports',
    { config: MEMBERS_ONLY, schema: { tags, querystring: ZPageQuery, response: { 200: z.array(ZReportGroup), ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      requireStaff(request);
      return sendPage(reply, await reportQueue(ctx, request.query));
    },
  );

  api.post(
    '/api/admin/moderate',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, body: ZModerateRequest, response: { 200: ZReportedTarget, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => moderate(ctx, requireStaff(request), request.body),
  );

  const memberAction = { 200: ZAdminMember, ...errorResponses(400, 401, 403, 404, 409) };

  // A suspension hides everything the member made: its service names every answer that shows them (changedBySuspension).
  api.post(
    '/api/admin/users/:id/suspend',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZAdminUserParams, body: ZSuspendRequest, response: memberAction } },
    async (request) => suspendMember(ctx, requireStaff(request), request.params.id, request.body),
  );

  api.post(
    '/api/admin/users/:id/unsuspend',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZAdminUserParams, body: ZUnsuspendRequest, response: memberAction } },
    async (request) => unsuspendMember(ctx, requireStaff(request), request.params.id, request.body.reason),
  );

  api.post(
    '/api/admin/users/:id/invite-right',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, params: ZAdminUserParams, body: ZInviteRightRequest, response: memberAction } },
    async (request) => changeInviteRight(ctx, requireAdmin(request), request.params.id, request.body),
  );

  api.post(
    '/api/admin/users/:id/role',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, params: ZAdminUserParams, body: ZRoleRequest, response: memberAction } },
    async (request) => changeRole(ctx, requireAdmin(request), request.params.id, request.body),
  );

  api.get(
    '/api/admin/users',
    { config: MEMBERS_ONLY, schema: { tags, querystring: ZAdminUsersQuery, response: { 200: z.array(ZAdminMemberSummary), ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      requireStaff(request);
      return sendPage(reply, await listMembers(ctx, request.query));
    },
  );

  api.get(
    '/api/admin/users/:id',
    { config: MEMBERS_ONLY, schema: { tags, params: ZAdminUserParams, response: { 200: ZAdminMember, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      requireStaff(request);
      return adminMember(ctx, request.params.id);
    },
  );

  api.get(
    '/api/admin/audit',
    { config: MEMBERS_ONLY, schema: { tags, querystring: ZPageQuery, response: { 200: z.array(ZAuditEntry), ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      requireAdmin(request);
      return sendPage(reply, await auditLog(ctx, request.query));
    },
  );

  api.get('/api/admin/figures', { config: MEMBERS_ONLY, schema: { tags, response: { 200: ZAdminFigures, ...errorResponses(401, 403) } } }, async (request) => {
    requireStaff(request);
    return adminFigures(ctx);
  });
}

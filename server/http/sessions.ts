// The session cookie on the HTTP side: reading it into request.currentUser (through the
// lookup the accounts module gives), setting and clearing it, and requireUser.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from '../config';
import type { UserRow } from '../db/schema';
import { isStaff } from '../../shared/roles';
import { forbidden, unauthorized } from './errors';

export const SESSION_COOKIE = 'sid';

/**
 * Route option for every route whose handler calls requireUser: `config: MEMBERS_ONLY`.
 * The API document marks these as needing the session cookie (a test holds the two together).
 */
export const MEMBERS_ONLY = { membersOnly: true } as const;

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    sessionTokenHash: string | null;
  }
  interface FastifyContextConfig {
    membersOnly?: true;
  }
}

/** Who a cookie's token signs in, or null. */
export type TSessionLookup = (token: string) => Promise<{ user: UserRow; tokenHash: string } | null>;

export async function registerSessions(app: FastifyInstance, lookup: TSessionLookup): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('preHandler', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await lookup(token);
    if (!session) return;
    request.currentUser = session.user;
    request.sessionTokenHash = session.tokenHash;
  });
}

export function setSessionCookie(reply: FastifyReply, config: Pick<TConfig, 'trustProxy'>, session: { token: string; expiresAt: Date }): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.trustProxy,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<TConfig, 'trustProxy'>): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.trustProxy });
}

/** The signed-in member, or 401 'Unauthorized'. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/** A signed-in moderator or admin, else 401 (signed out) or 403: the routes of /admin. Declare MEMBERS_ONLY and 401, 403. */
export function requireStaff(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!isStaff(user.role)) throw forbidden();
  return user;
}

/** A signed-in admin, else 401 or 403. Declare MEMBERS_ONLY and 401, 403. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden();
  return user;
}

/** The signed-in member's id, or null for a visitor. */
export function viewerOf(request: FastifyRequest): number | null {
  return request.currentUser?.id ?? null;
}

/** Who counts as one viewer (views, apply clicks): a member by id, a visitor by address only (a User-Agent is theirs to change at will). */
export function viewerDetails(request: FastifyRequest): { userId: number | null; ip: string; staff: boolean } {
  return { userId: viewerOf(request), ip: request.ip, staff: request.currentUser ? isStaff(request.currentUser.role) : false };
}

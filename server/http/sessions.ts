// Cookie sessions: the cookie holds a random token, the database only its SHA-256.
// Sessions end after an idle period and, regardless of use, at an absolute expiry.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TContext } from '../context';
import type { UserRow } from '../db/schema';
import { hashSessionToken } from '../features/auth/session-tokens';
import { findLiveSession, touchSession } from '../features/auth/sessions.repo';
import { unauthorized } from './errors';

export const SESSION_COOKIE = 'sid';
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    sessionTokenHash: string | null;
  }
}

export async function registerSessions(app: FastifyInstance, ctx: TContext): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionTokenHash', null);

  app.addHook('preHandler', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const tokenHash = hashSessionToken(token);
    const now = ctx.now();
    const session = await findLiveSession(ctx.db, tokenHash, {
      now,
      idleSince: new Date(now.getTime() - ctx.config.session.idleMs),
    });
    if (!session) return;
    request.currentUser = session.user;
    request.sessionTokenHash = tokenHash;
    if (now.getTime() - new Date(session.lastSeenAt).getTime() > TOUCH_EVERY_MS) await touchSession(ctx.db, tokenHash, now);
  });
}

export function setSessionCookie(reply: FastifyReply, ctx: TContext, session: { token: string; expiresAt: Date }): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.trustProxy,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, ctx: TContext): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.trustProxy });
}

/** The signed-in member, or 401 'Unauthorized'. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

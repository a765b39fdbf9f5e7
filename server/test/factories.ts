// Factories: rows as the app would make them, without going through HTTP.
import type { FastifyInstance } from 'fastify';
import type { TContext } from '../context';
import type { InvitationCodeRow, UserRow } from '../db/schema';
import { startSession } from '../features/auth/auth.service';
import { hashPassword } from '../features/auth/passwords';
import { insertUser } from '../features/auth/users.repo';
import { insertCodes } from '../features/invitations/invitations.repo';
import { SESSION_COOKIE } from '../http/sessions';

export const FACTORY_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;
let sequence = 0;

export async function buildUser(ctx: TContext, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  sequence += 1;
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  const now = ctx.now().toISOString();
  return insertUser(ctx.db, {
    email: `member${sequence}-${Date.now()}@example.com`,
    password_hash: await passwordHash,
    first_name: 'Grace',
    last_name: `Hopper${sequence}`,
    created_at: now,
    updated_at: now,
    ...overrides,
  });
}

export async function buildCode(ctx: TContext, ownerId: number | null = null): Promise<InvitationCodeRow> {
  const [row] = await insertCodes(ctx.db, ownerId, 1, ctx.now());
  return row!;
}

/** A session cookie header for the member, as if they had signed in. */
export async function cookieFor(ctx: TContext, user: UserRow): Promise<string> {
  const session = await startSession(ctx, user.id);
  return `${SESSION_COOKIE}=${session.token}`;
}

/** The session cookie the response set, ready to send back. */
export function sessionCookieFrom(response: { cookies: { name: string; value: string }[] }): string {
  const found = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!found) throw new Error('no session cookie set');
  return `${SESSION_COOKIE}=${found.value}`;
}

export function signupBody(code: string, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    email: `new${sequence}-${Date.now()}@example.com`,
    password: FACTORY_PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    invitationCode: code,
    ...overrides,
  };
}

export type TInject = FastifyInstance['inject'];

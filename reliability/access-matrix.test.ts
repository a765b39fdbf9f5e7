// Who may change what: every state-changing route of the app's own inventory (server/test/route-inventory.ts)
// called signed out, as another member and as the owner, or, where nobody owns the thing, by the
// callers the route is for and those it is not. Only the allowed call changes anything: the
// database (every table's rows, hashed) is compared before and after each refused call, and a
// route the matrix does not know fails the suite until someone says who may call it.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { HTTPMethods } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, type TPaymentSession } from '../shared/schemas/job';
import type { TContext } from '../server/context';
import type { UserRow } from '../server/db/schema';
import { setRole } from '../server/features/accounts/accounts.service';
import { hashSessionToken } from '../server/features/accounts/session-tokens';
import { multipartBody } from '../server/lib/multipart-body';
import type { TAccountTokenPurpose } from '../server/db/schema';
import { newSessionToken } from '../server/features/accounts/session-tokens';
import { notify, unsubscribeTokenOf } from '../server/features/notifications/notifications.service';
import { ENGINES } from '../server/test/build-test-app';
import { buildAccountLink, buildCode, buildComment, buildJob, buildMedia, buildMessage, buildProject, buildUser, cookieFor, FACTORY_PASSWORD, jobBody, signupBody, type TInject } from '../server/test/factories';
import { FAKE_STRIPE_ENV, startFakeStripe, type TFakeStripe } from '../server/test/fake-stripe';
import { buildInventoriedApp, fillPath, isStateChanging, type TInventoriedApp } from '../server/test/route-inventory';

const FOREIGN_ORIGIN = 'https://evil.example';

interface TMember {
  user: UserRow;
  cookie: string;
}

/** What a row's arrange step makes. */
interface TArranged {
  unused?: { id: number; code: string };
  used?: { id: number; code: string };
  code?: { code: string };
  media?: { url: string };
  strangerMedia?: { url: string };
  project?: { id: number };
  strangerProject?: { id: number };
  job?: { id: number };
  strangerJob?: { id: number };
  clientSecret?: string;
  paymentIntentId?: string;
  message?: { id: number };
  comment?: { id: number };
  /** One of the owner's collections. */
  collection?: { id: number };
  /** A mailed link's token (a password reset or an e-mail change) for the owner. */
  link?: string;
  /** Another session of the owner's (a second device), by its public id. */
  session?: { id: string };
  /** A third member, for staff to act on. */
  target?: { id: number };
  /** One of the owner's notifications. */
  notification?: { id: number };
  /** The token of the owner's e-mails' unsubscribe links. */
  unsubscribeToken?: string;
}

/** Two members for each row of the matrix, the app to arrange things with, and what was arranged. */
interface TWorld extends TArranged {
  owner: TMember;
  stranger: TMember;
  ctx: TContext;
  inject: TInject;
  origin: string;
  fake: TFakeStripe;
}

interface TRequestParts {
  params?: Record<string, string | number>;
  /** The query string (a mailed link's token). */
  query?: Record<string, string>;
  payload?: string | Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
}

type TCaller = 'signed out' | 'another member' | 'the owner';

interface TAttempt {
  caller: TCaller;
  /** What else differs from the row's request, in words; the request itself below. */
  with?: string;
  request?: (world: TWorld) => TRequestParts | Promise<TRequestParts>;
  status: number;
  /**
   * nothing: no row of any table changes. something: the call did its work. Or no row that
   * names the owner (or the other member) changes: a member acting on their own account.
   */
  changes: 'nothing' | 'something' | 'nothing of the owner';
}

interface TMatrixRow {
  arrange?: (world: TWorld) => Promise<TArranged>;
  request: (world: TWorld) => TRequestParts | Promise<TRequestParts>;
  /** Refused callers first: the allowed call comes last, on the same arrangement. */
  attempts: TAttempt[];
}

const unknownCode = () => 'ZZZZZZZZZZ';

/** A private collection of the owner's, made through the API. */
async function ownersCollection(w: TWorld): Promise<{ id: number }> {
  const response = await w.inject({ method: 'POST', url: '/api/collections', headers: { cookie: w.owner.cookie, origin: w.origin }, payload: { name: 'Moodboard' } });
  return response.json() as { id: number };
}
const NEW_PASSWORD = 'violet-kettle-orbit';

/** A link as the owner would get it by e-mail: its token, stored hashed. */
async function linkFor(w: TWorld, purpose: TAccountTokenPurpose): Promise<TArranged> {
  return { link: await buildAccountLink(w.ctx, w.owner.user.id, purpose) };
}
const contactBody = (recipientId: number, projectId: number | null, overrides: Record<string, unknown> = {}) => ({
  name: 'Ada',
  email: 'ada@example.com',
  message: 'Would you take a commission?',
  recipientId,
  projectId,
  ...overrides,
});

/**
 * Every state-changing route, keyed as the inventory names it. A row without a 'something'
 * attempt is a route that changes nothing whoever calls it (validating a code).
 */
const MATRIX: Record<string, TMatrixRow> = {
  'POST /api/auth/signup': {
    arrange: async (w) => {
      const used = await buildCode(w.ctx, w.owner.user.id);
      await w.ctx.db.updateTable('invitation_codes').set({ used_at: w.ctx.now().toISOString(), used_by: w.stranger.user.id }).where('id', '=', used.id).execute();
      return { unused: await buildCode(w.ctx, w.owner.user.id), used };
    },
    request: (w) => ({ payload: signupBody(w.unused!.code) }),
    attempts: [
      { caller: 'signed out', with: 'a used code', request: (w) => ({ payload: signupBody(w.used!.code) }), status: 410, changes: 'nothing' },
      { caller: 'another member', with: 'an unknown code', request: () => ({ payload: signupBody(unknownCode()) }), status: 404, changes: 'nothing' },
      { caller: 'signed out', with: 'an unused code', status: 201, changes: 'something' },
    ],
  },
  'POST /api/auth/signin': {
    request: (w) => ({ payload: { email: w.owner.user.email, password: FACTORY_PASSWORD } }),
    attempts: [
      { caller: 'signed out', with: 'a wrong password', request: (w) => ({ payload: { email: w.owner.user.email, password: 'guess-guess-guess' } }), status: 401, changes: 'nothing' },
      { caller: 'another member', with: "the owner's e-mail and a wrong password", request: (w) => ({ payload: { email: w.owner.user.email, password: 'guess-guess' } }), status: 401, changes: 'nothing' },
      { caller: 'signed out', with: "the owner's password", status: 200, changes: 'something' },
    ],
  },
  'POST /api/auth/signout': {
    request: () => ({}),
    attempts: [
      { caller: 'signed out', status: 204, changes: 'nothing' },
      { caller: 'another member', status: 204, changes: 'nothing of the owner' },
      { caller: 'the owner', status: 204, changes: 'something' },
    ],
  },
  'DELETE /api/auth/sessions/:id': {
    arrange: async (w) => ({ session: await anotherSessionOf(w.ctx, w.owner.user) }),
    request: (w) => ({ params: { id: w.session!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 404, changes: 'nothing' },
      { caller: 'the owner', status: 204, changes: 'something' },
    ],
  },
  'POST /api/auth/sessions/end-others': {
    arrange: async (w) => ({ session: await anotherSessionOf(w.ctx, w.owner.user) }),
    request: () => ({}),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 200, changes: 'nothing of the owner' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'PATCH /api/auth/profile': {
    request: () => ({ payload: { bio: 'Changed by whoever called' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 200, changes: 'nothing of the owner' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'PUT /api/auth/preferences': {
    request: () => ({ payload: { showMature: true } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 200, changes: 'nothing of the owner' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  // Staff's call on anyone's project: here the owner is a moderator, the project the other member's.
  'POST /api/admin/projects/:id/mature': {
    arrange: async (w) => {
      await setRole(w.ctx, w.owner.user.id, 'moderator', w.ctx.now());
      return { strangerProject: await buildProject(w.ctx, w.stranger.user) };
    },
    request: (w) => ({ params: { id: w.strangerProject!.id }, payload: { isMature: true, reason: 'Nudity' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', with: 'their own project', status: 403, changes: 'nothing' },
      { caller: 'the owner', with: 'no reason', request: (w) => ({ params: { id: w.strangerProject!.id }, payload: { isMature: true, reason: '' } }), status: 400, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'DELETE /api/auth/delete-account': {
    request: () => ({}),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 204, changes: 'nothing of the owner' },
      { caller: 'the owner', status: 204, changes: 'something' },
    ],
  },
  'POST /api/auth/password': {
    request: () => ({ payload: { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'the owner', with: 'a wrong current password', request: () => ({ payload: { currentPassword: 'guess-guess-guess', newPassword: NEW_PASSWORD } }), status: 400, changes: 'nothing' },
      { caller: 'another member', status: 204, changes: 'nothing of the owner' },
      { caller: 'the owner', status: 204, changes: 'something' },
    ],
  },
  // Anyone may ask for a reset link; it goes to the account's own address (mailed after the answer).
  'POST /api/auth/password/forgot': {
    request: (w) => ({ payload: { email: w.owner.user.email } }),
    attempts: [
      { caller: 'signed out', with: 'an address no account has', request: () => ({ payload: { email: 'nobody-at-all@example.com' } }), status: 202, changes: 'nothing' },
      { caller: 'signed out', with: "the owner's address", status: 202, changes: 'something' },
    ],
  },
  // The mailed link is the credential: whoever holds it sets the password.
  'POST /api/auth/password/reset': {
    arrange: (w) => linkFor(w, 'password_reset'),
    request: (w) => ({ payload: { token: w.link!, password: NEW_PASSWORD } }),
    attempts: [
      { caller: 'another member', with: 'a link never sent', request: () => ({ payload: { token: newSessionToken().token, password: NEW_PASSWORD } }), status: 400, changes: 'nothing' },
      { caller: 'signed out', with: "the owner's link and a common password", request: (w) => ({ payload: { token: w.link!, password: 'password123' } }), status: 400, changes: 'nothing' },
      { caller: 'signed out', with: "the owner's link", status: 200, changes: 'something' },
    ],
  },
  'POST /api/auth/email': {
    request: () => ({ payload: { newEmail: `moved-${randomBytes(4).toString('hex')}@example.com`, password: FACTORY_PASSWORD } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'the owner', with: 'a wrong password', request: () => ({ payload: { newEmail: 'moved@example.com', password: 'guess-guess-guess' } }), status: 400, changes: 'nothing' },
      { caller: 'another member', status: 202, changes: 'nothing of the owner' },
      { caller: 'the owner', status: 202, changes: 'something' },
    ],
  },
  'POST /api/auth/email/confirm': {
    arrange: (w) => linkFor(w, 'email_change'),
    request: (w) => ({ payload: { token: w.link! } }),
    attempts: [
      { caller: 'another member', with: 'a link never sent', request: () => ({ payload: { token: newSessionToken().token } }), status: 400, changes: 'nothing' },
      { caller: 'signed out', with: "the owner's link", status: 200, changes: 'something' },
    ],
  },
  'POST /api/invitation-codes/generate': {
    request: () => ({ payload: { count: 1 } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 201, changes: 'nothing of the owner' },
      { caller: 'the owner', status: 201, changes: 'something' },
    ],
  },
  'DELETE /api/invitation-codes/:id': {
    arrange: async (w) => {
      const used = await buildCode(w.ctx, w.owner.user.id);
      await w.ctx.db.updateTable('invitation_codes').set({ used_at: w.ctx.now().toISOString(), used_by: w.stranger.user.id }).where('id', '=', used.id).execute();
      return { unused: await buildCode(w.ctx, w.owner.user.id), used };
    },
    request: (w) => ({ params: { id: w.unused!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 404, changes: 'nothing' },
      { caller: 'the owner', with: 'a used code', request: (w) => ({ params: { id: w.used!.id } }), status: 404, changes: 'nothing' },
      { caller: 'the owner', status: 204, changes: 'something' },
    ],
  },
  'POST /api/invitation-codes/validate': {
    arrange: async (w) => ({ code: await buildCode(w.ctx, w.owner.user.id) }),
    request: (w) => ({ payload: { code: w.code!.code } }),
    attempts: [
      { caller: 'signed out', status: 200, changes: 'nothing' },
      { caller: 'another member', status: 200, changes: 'nothing' },
      { caller: 'the owner', with: 'an unknown code', request: () => ({ payload: { code: unknownCode() } }), status: 404, changes: 'nothing' },
    ],
  },
  'POST /api/upload': {
    request: async () => {
      const form = await multipartBody([{ filename: 'photo.jpg', content: readFileSync(new URL('../server/test/fixtures/gps.jpg', import.meta.url)) }]);
      return { payload: form.payload, headers: form.headers };
    },
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'the owner', status: 201, changes: 'something' },
    ],
  },
  'POST /api/projects': {
    arrange: async (w) => ({ media: await buildMedia(w.ctx, w.owner.user.id) }),
    request: (w) => ({ payload: { title: 'Lighthouse', description: null, category: 'Illustration', images: [w.media!.url], tags: ['ai'] } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', with: "the owner's upload", status: 400, changes: 'nothing' },
      { caller: 'the owner', status: 201, changes: 'something' },
    ],
  },
  'PATCH /api/projects/:id': {
    arrange: async (w) => ({ project: await buildProject(w.ctx, w.owner.user), strangerMedia: await buildMedia(w.ctx, w.stranger.user.id) }),
    request: (w) => ({ params: { id: w.project!.id }, payload: { title: 'Renamed' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      {
        caller: 'the owner',
        with: "another member's upload",
        request: (w) => ({ params: { id: w.project!.id }, payload: { images: [w.strangerMedia!.url] } }),
        status: 400,
        changes: 'nothing',
      },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'DELETE /api/projects/:id': {
    arrange: async (w) => ({ project: await buildProject(w.ctx, w.owner.user) }),
    request: (w) => ({ params: { id: w.project!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      { caller: 'the owner', status: 204, changes: 'something' },
    ],
  },
  'POST /api/projects/:id/like': {
    arrange: async (w) => ({ project: await buildProject(w.ctx, w.owner.user) }),
    request: (w) => ({ params: { id: w.project!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', with: 'a project that does not exist', request: () => ({ params: { id: 2_147_483_647 } }), status: 404, changes: 'nothing' },
      { caller: 'another member', status: 200, changes: 'something' },
    ],
  },
  'POST /api/users/:id/follow': {
    request: (w) => ({ params: { id: w.owner.user.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'the owner', with: 'themselves', status: 400, changes: 'nothing' },
      { caller: 'another member', with: 'a member who does not exist', request: () => ({ params: { id: 2_147_483_647 } }), status: 404, changes: 'nothing' },
      { caller: 'another member', status: 200, changes: 'something' },
    ],
  },
  'POST /api/users/:id/block': {
    request: (w) => ({ params: { id: w.owner.user.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'the owner', with: 'themselves', status: 400, changes: 'nothing' },
      { caller: 'another member', with: 'a member who does not exist', request: () => ({ params: { id: 2_147_483_647 } }), status: 404, changes: 'nothing' },
      { caller: 'another member', status: 200, changes: 'something' },
    ],
  },
  'DELETE /api/users/:id/block': {
    arrange: async (w) => {
      await w.inject({ method: 'POST', url: `/api/users/${w.owner.user.id}/block`, headers: { cookie: w.stranger.cookie, origin: w.origin } });
      return {};
    },
    request: (w) => ({ params: { id: w.owner.user.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'the owner', with: 'themselves', status: 400, changes: 'nothing' },
      { caller: 'another member', status: 200, changes: 'something' },
    ],
  },
  'POST /api/projects/:id/comments': {
    arrange: async (w) => ({ project: await buildProject(w.ctx, w.owner.user) }),
    request: (w) => ({ params: { id: w.project!.id }, payload: { body: 'The light on the water is wonderful.' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', with: 'an empty comment', request: (w) => ({ params: { id: w.project!.id }, payload: { body: '   ' } }), status: 400, changes: 'nothing' },
      { caller: 'another member', with: 'a project that does not exist', request: () => ({ params: { id: 2_147_483_647 }, payload: { body: 'Hello' } }), status: 404, changes: 'nothing' },
      { caller: 'another member', status: 201, changes: 'something' },
    ],
  },
  'PATCH /api/comments/:id': {
    arrange: async (w) => {
      const project = await buildProject(w.ctx, w.stranger.user);
      return { project, comment: await buildComment(w.ctx, w.owner.user, project.id) };
    },
    request: (w) => ({ params: { id: w.comment!.id }, payload: { body: 'Edited: the light on the water.' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', with: 'the project being theirs', status: 403, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'DELETE /api/comments/:id': {
    arrange: async (w) => {
      const project = await buildProject(w.ctx, await buildUser(w.ctx));
      return { project, comment: await buildComment(w.ctx, w.owner.user, project.id) };
    },
    request: (w) => ({ params: { id: w.comment!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      { caller: 'the owner', status: 204, changes: 'something' },
    ],
  },
  'POST /api/collections': {
    request: () => ({ payload: { name: 'Neon nights', isPublic: false } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'the owner', with: 'an empty name', request: () => ({ payload: { name: '  ' } }), status: 400, changes: 'nothing' },
      { caller: 'the owner', status: 201, changes: 'something' },
    ],
  },
  'PATCH /api/collections/:id': {
    arrange: async (w) => ({ collection: await ownersCollection(w) }),
    request: (w) => ({ params: { id: w.collection!.id }, payload: { name: 'Renamed', isPublic: true } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 404, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'DELETE /api/collections/:id': {
    arrange: async (w) => ({ collection: await ownersCollection(w) }),
    request: (w) => ({ params: { id: w.collection!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 404, changes: 'nothing' },
      { caller: 'the owner', status: 204, changes: 'something' },
    ],
  },
  'POST /api/collections/:id/projects/:projectId': {
    arrange: async (w) => ({ collection: await ownersCollection(w), project: await buildProject(w.ctx, w.stranger.user) }),
    request: (w) => ({ params: { id: w.collection!.id, projectId: w.project!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 404, changes: 'nothing' },
      { caller: 'the owner', with: 'a project that does not exist', request: (w) => ({ params: { id: w.collection!.id, projectId: 2_147_483_647 } }), status: 404, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'DELETE /api/collections/:id/projects/:projectId': {
    arrange: async (w) => {
      const collection = await ownersCollection(w);
      const project = await buildProject(w.ctx, w.stranger.user);
      await w.inject({ method: 'POST', url: `/api/collections/${collection.id}/projects/${project.id}`, headers: { cookie: w.owner.cookie, origin: w.origin } });
      return { collection, project };
    },
    request: (w) => ({ params: { id: w.collection!.id, projectId: w.project!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 404, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/jobs': {
    request: () => ({ payload: { ...jobBody() } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'the owner', status: 201, changes: 'something' },
    ],
  },
  'PATCH /api/jobs/:id': {
    arrange: async (w) => ({ job: await buildJob(w.ctx, w.owner.user) }),
    request: (w) => ({ params: { id: w.job!.id }, payload: { ...jobBody({ title: 'Edited by the matrix' }) } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/jobs/:id/close': {
    arrange: async (w) => ({ job: await buildJob(w.ctx, w.owner.user) }),
    request: (w) => ({ params: { id: w.job!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/jobs/:id/renew': {
    arrange: async (w) => ({ job: await buildJob(w.ctx, w.owner.user) }),
    request: (w) => ({ params: { id: w.job!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/jobs/:id/payment': {
    arrange: async (w) => ({ job: await buildJob(w.ctx, w.owner.user, { status: 'pending_payment' }) }),
    request: (w) => ({ params: { id: w.job!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/jobs/:id/confirm-payment': {
    arrange: async (w) => {
      const paid = await paidTestPayment(w);
      return { ...paid, strangerJob: await buildJob(w.ctx, w.stranger.user, { status: 'pending_payment' }) };
    },
    request: (w) => ({ params: { id: w.job!.id }, payload: { paymentIntentId: w.paymentIntentId! } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      {
        caller: 'another member',
        with: "the owner's payment for their own job",
        request: (w) => ({ params: { id: w.strangerJob!.id }, payload: { paymentIntentId: w.paymentIntentId! } }),
        status: 400,
        changes: 'nothing',
      },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/payments/test/confirm': {
    arrange: (w) => startedTestPayment(w),
    request: (w) => ({ payload: { clientSecret: w.clientSecret!, cardNumber: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' } }),
    attempts: [
      // The test card form is for the job's poster: the client secret alone is not enough.
      { caller: 'signed out', with: 'the client secret', status: 401, changes: 'nothing' },
      { caller: 'another member', with: 'the client secret', status: 403, changes: 'nothing' },
      { caller: 'another member', with: 'a made-up client secret', request: () => ({ payload: { clientSecret: 'pi_test_x_secret_y', cardNumber: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' } }), status: 404, changes: 'nothing' },
      { caller: 'the owner', with: 'a made-up client secret', request: (w) => ({ payload: { clientSecret: `${w.paymentIntentId!}_secret_guess`, cardNumber: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' } }), status: 404, changes: 'nothing' },
      { caller: 'the owner', with: 'the client secret', status: 200, changes: 'something' },
    ],
  },
  'POST /api/payments/webhook': {
    request: (w) => w.fake.webhook({ secret: FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET, type: 'charge.refunded', intent: { id: 'pi_elsewhere' } }),
    attempts: [
      { caller: 'signed out', with: 'no signature', request: () => ({ payload: '{"id":"evt_forged","type":"payment_intent.succeeded"}', headers: { 'content-type': 'application/json' } }), status: 400, changes: 'nothing' },
      {
        caller: 'the owner',
        with: 'a signature by another secret',
        request: (w) => w.fake.webhook({ secret: 'whsec_someone_else', type: 'payment_intent.succeeded', intent: { id: 'pi_elsewhere' } }),
        status: 400,
        changes: 'nothing',
      },
      { caller: 'signed out', with: "Stripe's signature", status: 200, changes: 'something' },
    ],
  },
  'POST /api/contact': {
    arrange: async (w) => ({ project: await buildProject(w.ctx, w.owner.user), strangerProject: await buildProject(w.ctx, w.stranger.user) }),
    request: (w) => ({ payload: contactBody(w.owner.user.id, w.project!.id) }),
    attempts: [
      { caller: 'signed out', with: 'a creator who does not exist', request: () => ({ payload: contactBody(2_147_483_647, null) }), status: 404, changes: 'nothing' },
      { caller: 'another member', with: "someone else's project", request: (w) => ({ payload: contactBody(w.owner.user.id, w.strangerProject!.id) }), status: 400, changes: 'nothing' },
      // A bot gets the answer a person gets, and nothing is stored or sent.
      { caller: 'signed out', with: 'the honeypot filled', request: (w) => ({ payload: contactBody(w.owner.user.id, null, { website: 'https://spam.example' }) }), status: 201, changes: 'nothing' },
      { caller: 'signed out', status: 201, changes: 'something' },
    ],
  },
  'POST /api/messages/:id/read': {
    arrange: async (w) => ({
      message: await buildMessage(w.ctx, w.owner.user.id),
    }),
    request: (w) => ({ params: { id: w.message!.id } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 404, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/reports': {
    arrange: async (w) => ({ project: await buildProject(w.ctx, w.owner.user) }),
    request: (w) => ({ payload: { targetType: 'project', targetId: w.project!.id, reason: 'spam', note: '' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'the owner', with: 'their own project', status: 400, changes: 'nothing' },
      { caller: 'another member', status: 201, changes: 'something' },
    ],
  },
  // Staff routes: the owner is made a moderator (or an admin) for the row; the other member stays a member.
  'POST /api/admin/moderate': {
    arrange: async (w) => staffOwner(w, 'moderator', { strangerProject: await buildProject(w.ctx, w.stranger.user) }),
    request: (w) => ({ payload: { targetType: 'project', targetId: w.strangerProject!.id, action: 'hide', reason: 'Spam' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', with: 'their own project', status: 403, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/admin/users/:id/suspend': {
    arrange: async (w) => staffOwner(w, 'moderator', { target: await buildUser(w.ctx) }),
    request: (w) => ({ params: { id: w.target!.id }, payload: { reason: 'Spam' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      { caller: 'the owner', with: 'themselves', request: (w) => ({ params: { id: w.owner.user.id }, payload: { reason: 'Spam' } }), status: 400, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/admin/users/:id/unsuspend': {
    arrange: async (w) => {
      const target = await buildUser(w.ctx, { suspended_at: w.ctx.now().toISOString(), suspension_reason: 'Spam', was_suspended: 1 });
      return staffOwner(w, 'moderator', { target });
    },
    request: (w) => ({ params: { id: w.target!.id }, payload: { reason: 'Appeal' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/admin/users/:id/invite-right': {
    arrange: async (w) => staffOwner(w, 'admin', { target: await buildUser(w.ctx, { can_invite: 0, invite_right_note: 'Two members they invited were suspended' }) }),
    request: (w) => ({ params: { id: w.target!.id }, payload: { canInvite: true, reason: 'Vouched for' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/admin/users/:id/role': {
    arrange: async (w) => staffOwner(w, 'admin', { target: await buildUser(w.ctx) }),
    request: (w) => ({ params: { id: w.target!.id }, payload: { role: 'moderator', reason: 'Trusted' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 403, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'POST /api/notifications/read': {
    arrange: async (w) => {
      await notify(w.ctx, { userId: w.owner.user.id, type: 'follow', actorId: w.stranger.user.id });
      const row = await w.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', w.owner.user.id).executeTakeFirstOrThrow();
      return { notification: row };
    },
    request: (w) => ({ payload: { ids: [w.notification!.id] } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', with: "the owner's notification", status: 200, changes: 'nothing' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  'PUT /api/notifications/settings': {
    request: () => ({ payload: { hire: 'off', comment: 'digest', reply: 'instant' } }),
    attempts: [
      { caller: 'signed out', status: 401, changes: 'nothing' },
      { caller: 'another member', status: 200, changes: 'nothing of the owner' },
      { caller: 'the owner', status: 200, changes: 'something' },
    ],
  },
  // Mail providers POST it from their servers (RFC 8058 one-click): the link's token is the authorisation.
  'POST /api/notifications/unsubscribe': {
    arrange: async (w) => ({ unsubscribeToken: await unsubscribeTokenOf(w.ctx, w.owner.user.id) }),
    request: (w) => ({ query: { token: w.unsubscribeToken!, type: 'hire' }, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    attempts: [
      { caller: 'signed out', with: 'a made-up token', request: () => ({ query: { token: 'made-up-token', type: 'hire' }, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), status: 404, changes: 'nothing' },
      { caller: 'another member', with: 'an unknown type', request: (w) => ({ query: { token: w.unsubscribeToken!, type: 'all' } }), status: 400, changes: 'nothing' },
      { caller: 'signed out', with: "the token of the owner's e-mails", status: 200, changes: 'something' },
    ],
  },
};

/** The row's owner becomes staff, as an admin makes them (their sessions learn of it at once). */
async function staffOwner(w: TWorld, role: 'moderator' | 'admin', arranged: TArranged): Promise<TArranged> {
  await setRole(w.ctx, w.owner.user.id, role, w.ctx.now());
  return arranged;
}

/** A second session of the member's (another device), named by its public id. */
async function anotherSessionOf(ctx: TContext, user: UserRow): Promise<{ id: string }> {
  const cookie = await cookieFor(ctx, user);
  const tokenHash = hashSessionToken(cookie.slice(cookie.indexOf('=') + 1));
  const row = await ctx.db.selectFrom('sessions').select('public_id').where('token_hash', '=', tokenHash).executeTakeFirstOrThrow();
  return { id: row.public_id };
}

/** A job of the owner's awaiting payment, with its test-mode PaymentIntent made through the API. */
async function startedTestPayment(w: TWorld): Promise<TArranged> {
  const job = await buildJob(w.ctx, w.owner.user, { status: 'pending_payment' });
  const session: TPaymentSession = (await w.inject({ method: 'POST', url: `/api/jobs/${job.id}/payment`, headers: { cookie: w.owner.cookie, origin: w.origin } })).json();
  return { job, clientSecret: session.clientSecret, paymentIntentId: session.paymentIntentId };
}

/** …and paid with the test card, so only the confirmation is left. */
async function paidTestPayment(w: TWorld): Promise<TArranged> {
  const started = await startedTestPayment(w);
  const card = { clientSecret: started.clientSecret, cardNumber: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' };
  expect((await w.inject({ method: 'POST', url: '/api/payments/test/confirm', headers: { cookie: w.owner.cookie, origin: w.origin }, payload: card })).statusCode).toBe(200);
  return started;
}

/** Columns through which a row belongs to a member. */
const MEMBER_COLUMNS = ['user_id', 'owner_id', 'recipient_id', 'follower_id', 'followee_id', 'used_by', 'invited_by'];

describe.each(ENGINES)('access matrix on %s', (engine) => {
  let t: TInventoriedApp;
  let fake: TFakeStripe;
  let origin: string;
  let tables: { name: string; columns: string[] }[];

  beforeAll(async () => {
    fake = await startFakeStripe();
    // Test-mode payments (no secret key), with Stripe's webhook signing secret for the webhook.
    t = await buildInventoriedApp(engine, { env: { STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET } });
    origin = new URL(t.config.publicUrl).origin;
    const schema = engine === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(t.ctx.db)).rows[0]!.name : undefined;
    tables = (await t.ctx.db.introspection.getTables())
      .filter((table) => !table.isView && (schema === undefined || table.schema === schema))
      .map((table) => ({ name: table.name, columns: table.columns.map((column) => column.name) }));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const digest = (rows: unknown[]) => {
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    return `${lines.length} rows ${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  };

  /** Every table of the app's schema: its rows, hashed. Equal snapshots: nothing was written. */
  async function snapshot(): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    for (const table of tables) result[table.name] = digest((await sql`select * from ${sql.table(table.name)}`.execute(t.ctx.db)).rows);
    return result;
  }

  /** The rows that name the member: their account, sessions, codes, projects, likes, follows, jobs, messages. */
  async function rowsOf(userId: number): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    for (const table of tables) {
      const columns = table.name === 'users' ? ['id', 'invited_by'] : table.columns.filter((column) => MEMBER_COLUMNS.includes(column));
      if (!columns.length) continue;
      const where = sql.join(columns.map((column) => sql`${sql.ref(column)} = ${userId}`), sql` or `);
      result[table.name] = digest((await sql`select * from ${sql.table(table.name)} where ${where}`.execute(t.ctx.db)).rows);
    }
    return result;
  }

  async function member(): Promise<TMember> {
    const user = await buildUser(t.ctx);
    return { user, cookie: await cookieFor(t.ctx, user) };
  }

  async function world(): Promise<TWorld> {
    return { owner: await member(), stranger: await member(), ctx: t.ctx, inject: t.app.inject.bind(t.app), origin, fake };
  }

  function send(key: string, parts: TRequestParts, headers: Record<string, string>) {
    const [method, url] = key.split(' ') as [HTTPMethods, string];
    const params = Object.fromEntries(Object.entries(parts.params ?? {}).map(([name, value]) => [name, String(value)]));
    return t.app.inject({
      method,
      url: `${fillPath({ url }, params)}${parts.query ? `?${new URLSearchParams(parts.query).toString()}` : ''}`,
      headers: { origin, ...headers, ...parts.headers },
      // Each call from its own address: throttles are another suite's subject.
      remoteAddress: `203.0.113.${randomBytes(1)[0]}`,
      ...(parts.payload === undefined ? {} : { payload: parts.payload }),
    });
  }

  const cookieOf = (w: TWorld, caller: TCaller): Record<string, string> =>
    caller === 'signed out' ? {} : { cookie: caller === 'the owner' ? w.owner.cookie : w.stranger.cookie };

  it('has a row for every state-changing route the app declares, and none for a route it does not', () => {
    const declared = t.routes.filter(isStateChanging).map((route) => route.key);
    expect(declared.length).toBeGreaterThan(15);
    expect(Object.keys(MATRIX).sort()).toEqual(declared.sort());
  });

  const describeAttempt = (attempt: TAttempt) => `${attempt.caller}${attempt.with ? ` with ${attempt.with}` : ''} → ${attempt.status}`;

  for (const [key, row] of Object.entries(MATRIX)) {
    it(`${key}: ${row.attempts.map(describeAttempt).join('; ')}`, async () => {
      const w = await world();
      Object.assign(w, (await row.arrange?.(w)) ?? {});
      for (const attempt of row.attempts) {
        const label = `${key} ${describeAttempt(attempt)}`;
        const parts = await (attempt.request ?? row.request)(w);
        const before = { all: await snapshot(), owner: await rowsOf(w.owner.user.id) };
        const response = await send(key, parts, cookieOf(w, attempt.caller));
        // Work a route does after answering (a reset e-mail) counts as what the call changed.
        await t.settled();
        expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(attempt.status);
        if (attempt.changes === 'nothing') expect(await snapshot(), label).toEqual(before.all);
        if (attempt.changes === 'nothing of the owner') expect(await rowsOf(w.owner.user.id), label).toEqual(before.owner);
        if (attempt.changes === 'something') expect(await snapshot(), label).not.toEqual(before.all);
      }
    });
  }

  it("refuses every state-changing route from a foreign site with the owner's cookie (403), changing nothing", async () => {
    for (const [key, row] of Object.entries(MATRIX)) {
      const route = t.routes.find((candidate) => candidate.key === key);
      // Webhooks are called by another site on purpose: their signature is the guard (see above).
      if (route?.body === 'raw') continue;
      const w = await world();
      Object.assign(w, (await row.arrange?.(w)) ?? {});
      const allowed = row.attempts.find((attempt) => attempt.changes === 'something') ?? row.attempts[0]!;
      const foreignHeaders: Record<string, string>[] = [{ origin: FOREIGN_ORIGIN }, { 'sec-fetch-site': 'cross-site' }];
      for (const foreign of foreignHeaders) {
        const parts = await (allowed.request ?? row.request)(w);
        const before = await snapshot();
        const response = await send(key, parts, { cookie: w.owner.cookie, ...foreign });
        expect([key, foreign, response.statusCode]).toEqual([key, foreign, 403]);
        expect(await snapshot(), key).toEqual(before);
      }
    }
  });
});

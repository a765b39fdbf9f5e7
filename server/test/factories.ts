// Factories: rows as the app would make them, without going through HTTP. What they write
// behind the app's back they also tell its read cache, as the services do after a write.
import type { FastifyInstance } from 'fastify';
import { JOB_LISTING_DAYS, trendingScore } from '../../shared/constants';
import { ZCreateJobRequest, type TCreateJobBody } from '../../shared/schemas/job';
import { invalidateAfterCommit, type TContext } from '../context';
import type { InvitationCodeRow, NewMessageRow, TAccountTokenPurpose, UserRow } from '../db/schema';
import { newInvitationCode } from '../features/accounts/invitation-code';
import { hashPassword } from '../features/accounts/passwords';
import { newSessionToken } from '../features/accounts/session-tokens';
import { startSession } from '../features/accounts/sessions.service';
import { addComment } from '../features/comments/comments.service';
import { createJob } from '../features/jobs/jobs.service';
import { createProject } from '../features/projects/projects.service';
import { SESSION_COOKIE } from '../http/sessions';
import { changedByNewMember, changedByProjectEdit, JOB_BOARD_TAG, LIKE_ORDER_TAG, SITE_FIGURES_TAG } from '../lib/cache-tags';

export const FACTORY_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;
let sequence = 0;

export async function buildUser(ctx: TContext, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  sequence += 1;
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  const now = ctx.now().toISOString();
  const row = {
    email: `member${sequence}-${Date.now()}@example.com`,
    password_hash: await passwordHash,
    first_name: 'Grace',
    last_name: `Hopper${sequence}`,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const user = await ctx.db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
  invalidateAfterCommit(ctx, changedByNewMember());
  return user;
}

export async function buildCode(ctx: TContext, ownerId: number | null = null): Promise<InvitationCodeRow> {
  return ctx.db
    .insertInto('invitation_codes')
    .values({ code: newInvitationCode(), owner_id: ownerId, created_at: ctx.now().toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A session cookie header for the member, as if they had signed in. */
export async function cookieFor(ctx: TContext, user: UserRow): Promise<string> {
  const session = await startSession(ctx, user.id);
  return `${SESSION_COOKIE}=${session.token}`;
}

let linkSequence = 0;

/**
 * A mailed link's token as the member would get it (a password reset, or an e-mail change to a
 * fresh address), valid for an hour; stored hashed.
 */
export async function buildAccountLink(ctx: Pick<TContext, 'db' | 'now'>, userId: number, purpose: TAccountTokenPurpose): Promise<string> {
  linkSequence += 1;
  const { token, tokenHash } = newSessionToken();
  const now = ctx.now();
  await ctx.db
    .insertInto('account_tokens')
    .values({
      token_hash: tokenHash,
      user_id: userId,
      purpose,
      new_email: purpose === 'email_change' ? `moved${linkSequence}-${Date.now()}@example.com` : null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
    })
    .execute();
  return token;
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

let mediaSequence = 0;

/** A media row as an upload would leave it (unattached), without touching storage. */
export async function buildMedia(ctx: TContext, ownerId: number, kind: 'image' | 'gif' | 'video' = 'image') {
  mediaSequence += 1;
  const key = `test/${Date.now()}-${mediaSequence}`;
  const extension = kind === 'video' ? 'mp4' : kind === 'gif' ? 'gif' : 'webp';
  const url = `/media/${key}/full.${extension}`;
  const rendition = (name: string, width: number, height: number) => ({ url: `/media/${key}/${name}.webp`, width, height, mime: 'image/webp' });
  const variants =
    kind === 'video'
      ? { full: { url, width: 320, height: 240, mime: 'video/mp4' } }
      : { full: { url, width: 1600, height: 1200, mime: kind === 'gif' ? 'image/gif' : 'image/webp' }, card: rendition('card', 400, 300), detail: rendition('detail', 800, 600), og: { url: `/media/${key}/og.jpg`, width: 1200, height: 630, mime: 'image/jpeg' } };
  return ctx.db
    .insertInto('project_media')
    .values({
      owner_id: ownerId,
      kind,
      mime: variants.full.mime,
      size_bytes: 1234,
      width: variants.full.width,
      height: variants.full.height,
      placeholder: null,
      storage_key: key,
      url,
      variants: JSON.stringify(variants),
      ai_metadata: null,
      created_at: ctx.now().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface TProjectOverrides {
  title?: string;
  tags?: string[];
  categories?: string[];
  media?: number;
  likes?: number;
  views?: number;
  createdAt?: Date;
}

/** A project through the service (slug, categories, tags, media), with counters set if asked. */
export async function buildProject(ctx: TContext, owner: UserRow, overrides: TProjectOverrides = {}) {
  const media = [];
  for (let i = 0; i < (overrides.media ?? 1); i += 1) media.push(await buildMedia(ctx, owner.id));
  const project = await createProject(ctx, owner.id, {
    title: overrides.title ?? `Project ${mediaSequence}`,
    description: 'Made with a diffusion model.',
    category: overrides.categories ?? ['Illustration'],
    images: media.map((item) => item.url),
    tags: overrides.tags ?? ['ai'],
  });
  if (overrides.likes !== undefined || overrides.views !== undefined || overrides.createdAt) {
    const likes = overrides.likes ?? 0;
    const views = overrides.views ?? 0;
    await ctx.db
      .updateTable('projects')
      .set({
        likes_count: likes,
        views_count: views,
        trending_score: trendingScore(likes, views),
        ...(overrides.createdAt ? { created_at: overrides.createdAt.toISOString() } : {}),
      })
      .where('id', '=', project.id)
      .execute();
    // Its counters and date, as an edit would change them, and the orders and figures they count in.
    invalidateAfterCommit(ctx, [...changedByProjectEdit({ projectId: project.id, creatorId: owner.id }), LIKE_ORDER_TAG, SITE_FIGURES_TAG]);
  }
  return project;
}

/** A comment (or, with parentId, a reply) through the service, so the counts move as they would. */
export async function buildComment(ctx: TContext, author: UserRow, projectId: number, overrides: { body?: string; parentId?: number } = {}) {
  const { comment } = await addComment(ctx, author, projectId, { body: overrides.body ?? 'Lovely light on this one.', parentId: overrides.parentId ?? null });
  return comment;
}

let jobSequence = 0;

/** A valid POST /api/jobs body (SPEC §7: tags as a list, remote as 'true'/'false'). */
export function jobBody(overrides: Partial<TCreateJobBody> = {}): TCreateJobBody {
  jobSequence += 1;
  return {
    title: `Prompt Engineer ${jobSequence}`,
    company: 'Diffusion Labs',
    location: 'Berlin',
    type: 'Full-time',
    salary: '€70k–90k',
    description: 'Design prompts and pipelines for our image generation product, end to end.',
    requirements: 'Two years with diffusion models.',
    tags: ['prompting', 'comfyui'],
    remote: 'false',
    applicationUrl: 'https://diffusion.example/jobs',
    companyLogo: '',
    ...overrides,
  };
}

/** A job through the service, then put in the state asked for (live for 60 days from now by default). */
export async function buildJob(ctx: TContext, owner: UserRow, options: { status?: 'pending_payment' | 'active' | 'expired'; activeUntil?: Date; body?: Partial<TCreateJobBody> } = {}) {
  const job = await createJob(ctx, owner.id, ZCreateJobRequest.parse(jobBody(options.body)));
  const status = options.status ?? 'active';
  if (status !== 'pending_payment') {
    const activeUntil = options.activeUntil ?? new Date(ctx.now().getTime() + JOB_LISTING_DAYS * 24 * 60 * 60 * 1000);
    await ctx.db.updateTable('jobs').set({ status, active_until: activeUntil.toISOString() }).where('id', '=', job.id).execute();
    invalidateAfterCommit(ctx, [JOB_BOARD_TAG]);
  }
  return job;
}

/** A message in a member's inbox, as a contact form would leave it. */
export async function buildMessage(ctx: TContext, recipientId: number, overrides: Partial<NewMessageRow> = {}) {
  return ctx.db
    .insertInto('messages')
    .values({ recipient_id: recipientId, kind: 'hire', sender_name: 'Ada', sender_email: 'ada@example.com', subject: null, body: 'Hello', project_id: null, project_title: null, created_at: ctx.now().toISOString(), ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

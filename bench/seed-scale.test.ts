import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_PAGE_SIZE, INVITES_FOR_NEW_USER, TRENDING_WEIGHTS } from '../shared/constants';
import type { TMedia } from '../shared/schemas/media';
import type { TProject } from '../shared/schemas/project';
import { pruneOldViews } from '../server/features/social/social.service';
import { buildTestApp, ENGINES, type TTestApp } from '../server/test/build-test-app';
import { parseSeedScaleArgs, SCALE_PASSWORD, scaleEmail, SeedScaleError, seedScale, type TSeedScaleOptions } from './seed-scale';

const SMALL: TSeedScaleOptions = { projects: 300, users: 60, likes: 2000, jobs: 12, images: 1 };

async function countOf(t: TTestApp, table: 'users' | 'projects' | 'likes' | 'follows' | 'project_views' | 'invitation_codes' | 'project_media' | 'jobs'): Promise<number> {
  const row = await t.ctx.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every file a project's media point at, as the client would load them. */
function mediaUrls(media: TMedia): string[] {
  return [media.url, ...Object.values(media.variants).map((rendition) => rendition.url)];
}

describe.each(ENGINES)('seed:scale on %s', (engine) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    await seedScale(t.database, t.ctx.storage, SMALL);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes exactly the members, projects, likes and follows asked for', async () => {
    expect(await countOf(t, 'users')).toBe(SMALL.users);
    expect(await countOf(t, 'projects')).toBe(SMALL.projects);
    expect(await countOf(t, 'likes')).toBe(SMALL.likes);
    // Default: 8 follows per member.
    expect(await countOf(t, 'follows')).toBe(SMALL.users * 8);
    const jobs = await t.app.inject({ method: 'GET', url: '/api/jobs' });
    expect(jobs.statusCode).toBe(200);
    expect(jobs.headers['x-total-count']).toBe(String(SMALL.jobs));
  });

  it('gives every project 1 to 4 media files, and views at least as many as likes', async () => {
    const perProject = await t.ctx.db
      .selectFrom('projects')
      .leftJoin('project_media', 'project_media.project_id', 'projects.id')
      .select(['projects.id', 'projects.likes_count', 'projects.views_count', sql<number>`count(project_media.id)`.as('media')])
      .groupBy(['projects.id', 'projects.likes_count', 'projects.views_count'])
      .execute();
    expect(perProject).toHaveLength(SMALL.projects);
    for (const project of perProject) {
      expect(Number(project.media)).toBeGreaterThanOrEqual(1);
      expect(Number(project.media)).toBeLessThanOrEqual(4);
      expect(project.views_count).toBeGreaterThanOrEqual(project.likes_count);
    }
    // Zipf-like: the most liked project has many times the average.
    const most = Math.max(...perProject.map((project) => project.likes_count));
    expect(most).toBeGreaterThan((5 * SMALL.likes) / SMALL.projects);
  });

  it('keeps every counter equal to the rows it counts (views: at least the view rows kept)', async () => {
    const mismatched = await sql<{ id: number }>`
      select p.id from projects p
      where p.likes_count <> (select count(*) from likes l where l.project_id = p.id)
         or p.views_count < (select count(*) from project_views v where v.project_id = p.id)
         or abs(p.trending_score - (p.likes_count * ${sql.lit(TRENDING_WEIGHTS.likes)} + p.views_count * ${sql.lit(TRENDING_WEIGHTS.views)})) > 0.001`.execute(t.ctx.db);
    expect(mismatched.rows).toEqual([]);
    const totals = await t.app.inject({ method: 'GET', url: '/api/stats' });
    expect(totals.statusCode).toBe(200);
    const views = await t.ctx.db.selectFrom('projects').select(sql<number>`sum(views_count)`.as('views')).executeTakeFirstOrThrow();
    expect(totals.json()).toMatchObject({ users: SMALL.users, projects: SMALL.projects, likes: SMALL.likes, views: Number(views.views) });
  });

  it('keeps only the view rows housekeeping keeps: the first start has nothing to prune', async () => {
    expect(await countOf(t, 'project_views')).toBeGreaterThan(0);
    expect(await pruneOldViews(t.ctx)).toBe(0);
  });

  it('builds an invite tree in which each member was invited with a code of their inviter', async () => {
    const invited = await t.ctx.db
      .selectFrom('users')
      .leftJoin('invitation_codes', 'invitation_codes.used_by', 'users.id')
      .select(['users.id', 'users.invited_by', 'invitation_codes.owner_id'])
      .execute();
    expect(invited).toHaveLength(SMALL.users);
    for (const member of invited) expect(member.owner_id).toBe(member.invited_by);
    expect(invited.filter((member) => member.invited_by === null).length).toBeGreaterThanOrEqual(1);
    const founders = invited.filter((member) => member.invited_by === null).length;
    expect(await countOf(t, 'invitation_codes')).toBe(SMALL.users * INVITES_FOR_NEW_USER + founders);
  });

  it('fills the search index: a project is found by the words of its title', async () => {
    const [project] = await t.ctx.db.selectFrom('projects').select(['id', 'title']).orderBy('likes_count', 'desc').limit(1).execute();
    const response = await t.app.inject({ method: 'GET', url: `/api/projects/search/${encodeURIComponent(project!.title)}?limit=100` });
    expect(response.statusCode).toBe(200);
    expect(response.json<TProject[]>().map((found) => found.id)).toContain(project!.id);
  });

  it('serves a full first gallery page whose media files all load', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/projects' });
    expect(response.statusCode).toBe(200);
    const page = response.json<TProject[]>();
    expect(page).toHaveLength(GALLERY_PAGE_SIZE);
    const urls = new Set(page.flatMap((project) => project.media.flatMap(mediaUrls)));
    for (const url of urls) {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(file.rawPayload.length, url).toBeGreaterThan(0);
    }
  });

  it('serves a seeded video and a GIF from their project pages', async () => {
    for (const kind of ['video', 'gif'] as const) {
      const row = await t.ctx.db
        .selectFrom('project_media')
        .innerJoin('projects', 'projects.id', 'project_media.project_id')
        .select(['projects.slug', 'project_media.mime'])
        .where('project_media.kind', '=', kind)
        .limit(1)
        .executeTakeFirstOrThrow();
      const project = (await t.app.inject({ method: 'GET', url: `/api/projects/slug/${row.slug}` })).json<TProject>();
      const media = project.media.find((item) => item.type === kind)!;
      const file = await t.app.inject({ method: 'GET', url: media.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(row.mime);
    }
  });

  it('lets a seeded member sign in with the shared password', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: scaleEmail(SMALL.users), password: SCALE_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: scaleEmail(SMALL.users) });
  });
});

describe.each(ENGINES)('seed:scale guards on %s', (engine) => {
  const TINY: TSeedScaleOptions = { projects: 12, users: 5, likes: 30, follows: 6, jobs: 2, images: 1, now: new Date('2026-01-15T12:00:00Z') };
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Indexes and foreign keys: the seed sets them aside while loading and must put every one back. */
  const schemaObjects = async () => {
    const query =
      engine === 'sqlite'
        ? sql<{ name: string }>`select name from sqlite_master where type in ('index', 'trigger') order by name`
        : sql<{ name: string }>`select conname as name from pg_constraint where connamespace = current_schema()::regnamespace
            union all select indexname from pg_indexes where schemaname = current_schema() order by name`;
    return (await query.execute(t.ctx.db)).rows.map((row) => row.name);
  };

  const snapshot = () =>
    sql`select p.slug, p.title, p.likes_count, p.views_count, p.created_at, u.email from projects p join users u on u.id = p.user_id order by p.id`.execute(t.ctx.db).then((result) => result.rows);

  it('refuses a database that holds data, empties it with reset, and draws the same data from the same seed', async () => {
    const migrated = await schemaObjects();
    await seedScale(t.database, t.ctx.storage, TINY);
    const first = await snapshot();
    expect(await schemaObjects()).toEqual(migrated);
    await expect(seedScale(t.database, t.ctx.storage, TINY)).rejects.toThrow(SeedScaleError);
    await expect(seedScale(t.database, t.ctx.storage, TINY)).rejects.toThrow(/--reset/);

    await seedScale(t.database, t.ctx.storage, { ...TINY, reset: true });
    expect(await snapshot()).toEqual(first);
    expect(await countOf(t, 'users')).toBe(TINY.users);

    await seedScale(t.database, t.ctx.storage, { ...TINY, seed: 2, reset: true });
    expect(await snapshot()).not.toEqual(first);
    // Three seeds, each drawing its media library through the real image pipeline.
  }, 180_000);

  it('leaves the database as it was when a seed fails halfway', async () => {
    const before = await snapshot();
    const indexes = await schemaObjects();
    const failOnLikes = (line: string) => {
      if (line.includes('likes and their views…')) throw new Error('interrupted');
    };
    await expect(seedScale(t.database, t.ctx.storage, { ...TINY, seed: 3, reset: true }, failOnLikes)).rejects.toThrow('interrupted');
    expect(await snapshot()).toEqual(before);
    expect(await schemaObjects()).toEqual(indexes);
  }, 60_000);

  it('refuses more likes than members can give', async () => {
    await expect(seedScale(t.database, t.ctx.storage, { ...TINY, likes: TINY.projects * TINY.users + 1, reset: true })).rejects.toThrow(/--likes cannot exceed/);
  });
});

describe('seed:scale command line', () => {
  it('defaults to 100k projects, 10k members and 1M likes', () => {
    expect(parseSeedScaleArgs([])).toMatchObject({ projects: 100_000, users: 10_000, likes: 1_000_000, reset: false });
    expect(parseSeedScaleArgs(['--projects', '300', '--users', '60', '--likes', '2000', '--reset'])).toMatchObject({ projects: 300, users: 60, likes: 2000, reset: true });
  });

  it('names a bad value or an unknown option', () => {
    expect(() => parseSeedScaleArgs(['--likes', 'lots'])).toThrow('--likes must be a whole number (got "lots")');
    expect(() => parseSeedScaleArgs(['--users', '-5'])).toThrow(SeedScaleError);
    expect(() => parseSeedScaleArgs(['--projets', '5'])).toThrow(/Unknown option '--projets'/);
  });
});

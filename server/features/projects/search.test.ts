import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TProject } from '../../../shared/schemas/project';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildMedia, buildUser, cookieFor } from '../../test/factories';
import { searchTerms } from './search-terms';

describe('search terms', () => {
  it('keeps only words, lower-cased, at most 12 of at most 40 characters', () => {
    expect(searchTerms(`"Neon" AND koi* -pond OR title:x; DROP TABLE users;--`)).toEqual(['neon', 'and', 'koi', 'pond', 'or', 'title', 'x', 'drop', 'table', 'users']);
    expect(searchTerms('🐟🔥 ')).toEqual([]);
    expect(searchTerms('a '.repeat(500))).toHaveLength(12);
    expect(searchTerms('x'.repeat(1000))[0]).toHaveLength(40);
  });
});

describe.each(ENGINES)('search on %s', (engine) => {
  let t: TTestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await buildTestApp(engine);
    const owner = await buildUser(t.ctx, { first_name: 'Hokusai', last_name: 'Katsushika' });
    cookie = await cookieFor(t.ctx, owner);
  });
  afterEach(async () => {
    await t.close();
  });

  async function create(fields: { title: string; description?: string; category?: string; tags?: string[] }): Promise<TProject> {
    const user = t.ctx.db.selectFrom('sessions').select('user_id');
    const owner = await user.executeTakeFirstOrThrow();
    const media = await buildMedia(t.ctx, owner.user_id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie },
      payload: { category: 'Illustration', tags: ['art'], images: [media.url], ...fields },
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  const find = async (query: string, params = '') => {
    const response = await t.app.inject({ url: `/api/projects/search/${encodeURIComponent(query)}${params}` });
    expect(response.statusCode).toBe(200);
    return { ids: (response.json() as TProject[]).map((p) => p.id), total: Number(response.headers['x-total-count']), response };
  };

  it('ranks a title match above a tag match above a description match', async () => {
    const inDescription = await create({ title: 'Morning', description: 'a wave of color' });
    const inTags = await create({ title: 'Evening', tags: ['wave'] });
    const inTitle = await create({ title: 'The Great Wave' });
    await create({ title: 'Unrelated' });
    const { ids, total } = await find('wave');
    expect(ids).toEqual([inTitle.id, inTags.id, inDescription.id]);
    expect(total).toBe(3);
  });

  it('matches the last word as a prefix, every word, accents folded, and the creator name', async () => {
    const koi = await create({ title: 'Neon koi pond' });
    await create({ title: 'Neon city' });
    expect((await find('neon ko')).ids).toEqual([koi.id]);
    expect((await find('NÉON KOI')).ids).toEqual([koi.id]);
    expect((await find('hokus')).total).toBe(2);
    expect((await find('illustration')).total).toBe(2);
  });

  it('stays in step with edits, creator renames and deletes', async () => {
    const project = await create({ title: 'Blue lagoon' });
    expect((await find('lagoon')).ids).toEqual([project.id]);
    await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { title: 'Red canyon', tags: ['desert'] } });
    expect((await find('lagoon')).ids).toEqual([]);
    expect((await find('canyon')).ids).toEqual([project.id]);
    expect((await find('desert')).ids).toEqual([project.id]);
    await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie }, payload: { firstName: 'Hiroshige' } });
    expect((await find('hiroshige')).ids).toEqual([project.id]);
    expect((await find('hokusai')).ids).toEqual([]);
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: { cookie } });
    expect((await find('canyon')).ids).toEqual([]);
  });

  it('sorts by recent or popular and filters by category on the server', async () => {
    const old = await create({ title: 'Star map one', category: 'Print' });
    const recent = await create({ title: 'Star map two', category: 'Mobile' });
    await t.ctx.db.updateTable('projects').set({ likes_count: 9, created_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', old.id).execute();
    expect((await find('star', '?sort=recent')).ids).toEqual([recent.id, old.id]);
    expect((await find('star', '?sort=popular')).ids).toEqual([old.id, recent.id]);
    expect((await find('star', '?category=Mobile')).ids).toEqual([recent.id]);
  });

  it('pages results with the total in a header', async () => {
    for (let i = 0; i < 5; i += 1) await create({ title: `Comet ${i}` });
    const first = await find('comet', '?limit=2');
    expect(first.ids).toHaveLength(2);
    expect(first.total).toBe(5);
    const cursor = first.response.headers['x-next-cursor'];
    const second = await find('comet', `?limit=2&cursor=${cursor}`);
    expect(second.ids).toHaveLength(2);
    expect(second.ids.some((id) => first.ids.includes(id))).toBe(false);
  });

  it('never answers a hostile query with a 5xx', async () => {
    await create({ title: 'Safe harbour' });
    const hostile = [
      '"', '""', "'", "' OR 1=1 --", '"; DROP TABLE projects; --', 'NEAR(a b)', 'a AND', 'OR', 'NOT', '*', 'a*b', '^title',
      'title:x', '(', ')', '{a}', '-', '--', '%', '_', '\\', '/', '😀', '🐟 koi 🔥', 'x'.repeat(1000), 'a '.repeat(500),
      ' ', '\u0000', 'ﷺ', 'émigré naïve', '<script>alert(1)</script>', 'a & b | !c', 'a:*', "harb'our",
    ];
    for (const query of hostile) {
      const response = await t.app.inject({ url: `/api/projects/search/${encodeURIComponent(query)}` });
      expect(response.statusCode, query).toBe(200);
      expect(Array.isArray(response.json()), query).toBe(true);
    }
    expect((await find("harbour'")).total).toBe(1);
  });
});

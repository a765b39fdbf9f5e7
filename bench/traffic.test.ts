// The bench's traffic: many distinct URLs with Zipf-like popularity, visitors from many
// addresses, many members, and a share of writes in the members' mix.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../server/lib/seeded-random';
import { MIX_WRITE_SHARE, SITE_FIGURES_SHARE, SITE_MEMBER_SHARE, trafficDrawer, zipf, type TTrafficInputs } from './traffic';

const inputs: TTrafficInputs = {
  projects: Array.from({ length: 10_000 }, (_, index) => ({ id: index + 1, slug: `project-${index + 1}`, creatorId: (index % 50) + 1 })),
  categories: ['Art', 'Photo'],
  tags: Array.from({ length: 100 }, (_, index) => `tag${index}`),
  terms: Array.from({ length: 300 }, (_, index) => `word${index}`),
  laterPages: ['sort=recent&cursor=abc'],
  members: Array.from({ length: 200 }, (_, index) => ({ id: index + 1, cookie: `sid=member${index + 1}` })),
};

const draws = <T>(draw: () => T, count: number) => Array.from({ length: count }, draw);

describe('zipf', () => {
  it('draws the first ranks most and still reaches far into the tail', () => {
    const random = seededRandom(1);
    const draw = zipf(10_000);
    const ranks = draws(() => draw(random), 20_000);
    const share = (rank: number) => ranks.filter((drawn) => drawn === rank).length / ranks.length;
    expect(share(0)).toBeGreaterThan(0.08);
    expect(share(0)).toBeGreaterThan(share(9) * 5);
    expect(new Set(ranks).size).toBeGreaterThan(3000);
    expect(Math.max(...ranks)).toBeGreaterThan(9000);
  });
});

describe('trafficDrawer', () => {
  it('sends project pages over thousands of projects, from thousands of visitor addresses, with no session', () => {
    const requests = draws(trafficDrawer(inputs, 'detail', false, 'http://site', 7), 5000);
    expect(new Set(requests.map((request) => request.path)).size).toBeGreaterThan(1500);
    expect(new Set(requests.map((request) => request.headers['x-forwarded-for'])).size).toBeGreaterThan(4500);
    expect(requests.every((request) => request.method === 'GET' && request.path.startsWith('/api/projects/slug/') && !request.headers.cookie)).toBe(true);
  });

  it('sends members\' requests with many members\' sessions', () => {
    const requests = draws(trafficDrawer(inputs, 'gallery', true, 'http://site', 7), 2000);
    expect(new Set(requests.map((request) => request.headers.cookie)).size).toBeGreaterThan(150);
    // 4 sorts × (no filter, 2 categories, 100 tags) and a later page: 413 gallery pages at most.
    expect(new Set(requests.map((request) => request.path)).size).toBeGreaterThan(150);
    expect(requests.some((request) => request.path.includes('cursor='))).toBe(true);
    expect(requests.some((request) => request.path.includes('tag='))).toBe(true);
    expect(requests.some((request) => request.path.includes('category='))).toBe(true);
  });

  it('searches over hundreds of terms', () => {
    const requests = draws(trafficDrawer(inputs, 'search', false, 'http://site', 7), 3000);
    expect(new Set(requests.map((request) => request.path)).size).toBeGreaterThan(200);
  });

  it('mixes likes, follows and comments into the members\' reads at the stated share, never a member following themselves', () => {
    const requests = draws(trafficDrawer(inputs, 'mix', true, 'http://site', 7), 20_000);
    const writes = requests.filter((request) => request.method === 'POST');
    const expected = Object.values(MIX_WRITE_SHARE).reduce((sum, share) => sum + share, 0);
    expect(writes.length / requests.length).toBeGreaterThan(expected * 0.8);
    expect(writes.length / requests.length).toBeLessThan(expected * 1.2);
    expect(writes.every((request) => request.headers.origin === 'http://site' && request.headers.cookie)).toBe(true);
    for (const kind of ['/like', '/follow', '/comments']) expect(writes.some((request) => request.path.endsWith(kind))).toBe(true);
    for (const follow of writes.filter((request) => request.path.endsWith('/follow'))) {
      expect(follow.path).not.toBe(`/api/users/${follow.headers.cookie!.replace('sid=member', '')}/follow`);
    }
  });

  it("mixes visitors' reads and the figures their pages load with the members' mix, writes and all, at the stated shares", () => {
    const requests = draws(trafficDrawer(inputs, 'site', true, 'http://site', 7), 40_000);
    const share = (keep: (request: (typeof requests)[number]) => boolean) => requests.filter(keep).length / requests.length;
    const within = (value: number, expected: number) => {
      expect(value).toBeGreaterThan(expected * 0.8);
      expect(value).toBeLessThan(expected * 1.2);
    };
    within(share((request) => request.headers.cookie !== undefined), SITE_MEMBER_SHARE);
    within(share((request) => request.method === 'POST'), SITE_MEMBER_SHARE * Object.values(MIX_WRITE_SHARE).reduce((sum, value) => sum + value, 0));
    within(share((request) => request.path === '/api/stats'), (1 - SITE_MEMBER_SHARE) * SITE_FIGURES_SHARE.stats);
    within(share((request) => request.path === '/api/categories'), (1 - SITE_MEMBER_SHARE) * SITE_FIGURES_SHARE.categories);
    const visitors = requests.filter((request) => request.headers.cookie === undefined);
    expect(visitors.every((request) => request.method === 'GET')).toBe(true);
    expect(new Set(visitors.map((request) => request.headers['x-forwarded-for'])).size).toBeGreaterThan(20_000);
    for (const prefix of ['/api/projects?', '/api/projects/slug/', '/api/projects/search/']) expect(visitors.some((request) => request.path.startsWith(prefix))).toBe(true);
  });
});

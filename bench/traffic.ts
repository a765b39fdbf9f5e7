// Realistic traffic for the bench: URLs drawn at random from the dataset itself — project pages
// over thousands of distinct projects with Zipf-like popularity, search over hundreds of real
// words, gallery pages by sort, category and tag (first and later pages) — from visitors at many
// addresses and from many signed-in members, with a share of writes beside the reads. A single
// repeated URL measures the read cache; these measure what a site's traffic costs.
import type autocannon from 'autocannon';
import { sql } from 'kysely';
import type { TConfig } from '../server/config';
import { connect } from '../server/db/connect';
import { seededRandom } from '../server/lib/seeded-random';
import { PAGE_HEADERS } from '../shared/constants';
import { PROJECT_SORTS } from '../shared/schemas/project';

/** What the traffic draws from, read straight from the database (by rank: most liked first). */
export interface TTrafficData {
  projects: { id: number; slug: string; creatorId: number }[];
  categories: string[];
  /** Most used first. */
  tags: string[];
  /** Words of real titles and tags that find something, most frequent first. */
  terms: string[];
}

export interface TTrafficInputs extends TTrafficData {
  /** Later gallery pages: the query of a first page and the cursor of its next page. */
  laterPages: string[];
  /** Signed-in members: their id and session cookie (`sid=…`). */
  members: { id: number; cookie: string }[];
}

/** Distinct projects the detail scenarios draw from (the issue: ≥ 10,000). */
export const TRAFFIC_PROJECTS = 20_000;
/** Distinct search terms (the issue: ≥ 200). */
export const TRAFFIC_TERMS = 400;
const TRAFFIC_TAGS = 300;
/** Visitor addresses (X-Forwarded-For; the bench's server trusts it). */
export const VISITOR_ADDRESSES = 50_000;
/** Zipf exponent: the project at rank r is drawn with weight 1 / r^s. */
const ZIPF_EXPONENT = 1;

export async function readTrafficData(config: Pick<TConfig, 'databaseUrl' | 'dataDir'>, limits = { projects: TRAFFIC_PROJECTS, terms: TRAFFIC_TERMS }): Promise<TTrafficData> {
  const database = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { db } = database;
    const listed = db.selectFrom('projects').where('hidden_at', 'is', null).where('owner_suspended', '=', 0);
    const projects = await listed.select(['id', 'slug', 'user_id', 'title']).orderBy('likes_count', 'desc').orderBy('id').limit(limits.projects).execute();
    const tagRows = await db
      .selectFrom('project_tags')
      .select(['tag', sql<number>`count(*)`.as('uses')])
      .groupBy('tag')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('tag')
      .limit(TRAFFIC_TAGS)
      .execute();
    const categoryRows = await listed.select('category').distinct().execute();
    const tags = tagRows.map((row) => row.tag.toLowerCase());
    // Title words by frequency, then tags: what people type.
    const counts = new Map<string, number>();
    for (const project of projects) for (const word of project.title.toLowerCase().match(/\p{L}{4,}/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
    const words = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
    const terms = [...new Set([...words, ...tags.filter((tag) => /^\p{L}{3,}$/u.test(tag))])].slice(0, limits.terms);
    const categories = [...new Set(categoryRows.flatMap((row) => String(row.category).split(',').map((name) => name.trim())).filter(Boolean))];
    return { projects: projects.map((row) => ({ id: row.id, slug: row.slug, creatorId: row.user_id })), categories, tags, terms };
  } finally {
    await database.close();
  }
}

/** Draws ranks 0…n-1 with weight 1/(rank+1)^s: a few items take most draws, the tail is long. */
export function zipf(n: number, exponent = ZIPF_EXPONENT): (random: () => number) => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let rank = 0; rank < n; rank += 1) {
    sum += 1 / (rank + 1) ** exponent;
    cumulative[rank] = sum;
  }
  return (random) => {
    const target = random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

export const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** The query of a gallery page: a sort, and maybe a category or a tag. */
function galleryQuery(data: TTrafficData, random: () => number, drawTag: (random: () => number) => number): string {
  const sort = PROJECT_SORTS[Math.floor(random() * PROJECT_SORTS.length)]!;
  const kind = random();
  if (kind < 0.4 || data.tags.length === 0) return `sort=${sort}`;
  if (kind < 0.7 && data.categories.length > 0) return `sort=${sort}&category=${encodeURIComponent(data.categories[Math.floor(random() * data.categories.length)]!)}`;
  return `sort=${sort}&tag=${encodeURIComponent(data.tags[drawTag(random)]!)}`;
}

/** Later pages to draw from: first pages' next cursors, found through the API as a visitor would. */
export async function findLaterPages(baseUrl: string, data: TTrafficData, count: number, seed: number): Promise<string[]> {
  const random = seededRandom(seed);
  const drawTag = zipf(Math.max(1, data.tags.length));
  const queries = new Set<string>();
  for (let tries = 0; queries.size < count && tries < count * 4; tries += 1) queries.add(galleryQuery(data, random, drawTag));
  const pages: string[] = [];
  for (const query of queries) {
    const response = await fetch(`${baseUrl}/api/projects?${query}`);
    await response.body?.cancel();
    const cursor = response.headers.get(PAGE_HEADERS.nextCursor);
    if (response.ok && cursor) pages.push(`${query}&cursor=${encodeURIComponent(cursor)}`);
  }
  return pages;
}

/** Signs the members in (each from an address of its own: sign-in is throttled per address). */
export async function signInMembers(baseUrl: string, accounts: { email: string; password: string }[]): Promise<{ id: number; cookie: string }[]> {
  const members: { id: number; cookie: string }[] = [];
  for (const [index, account] of accounts.entries()) {
    const response = await fetch(`${baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json', 'x-forwarded-for': addressOf(VISITOR_ADDRESSES + index) },
      body: JSON.stringify(account),
    });
    const body = (await response.json()) as { id?: number; user?: { id?: number } };
    const cookie = response.headers.getSetCookie().map((header) => /^sid=[^;]+/.exec(header)?.[0]).find(Boolean);
    const id = body.user?.id ?? body.id;
    if (!response.ok || !cookie || typeof id !== 'number') throw new Error(`signing in as ${account.email} answered ${response.status}`);
    members.push({ id, cookie });
  }
  return members;
}

export type TTrafficKind = 'gallery' | 'detail' | 'search' | 'mix' | 'site';

/** One request of the traffic: what autocannon sends. */
export interface TTrafficRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The share of the signed-in mix that writes: likes and follows toggled, comments posted (views are counted by the reads). */
export const MIX_WRITE_SHARE = { like: 0.04, follow: 0.02, comment: 0.01 };

/**
 * A whole site's traffic ('site'): this share of requests is the members' mix (their writes
 * included), the rest visitors, who read what members' writes make the cache forget: gallery
 * pages, project pages, searches, and the figures their pages load (the site's, the categories').
 */
export const SITE_MEMBER_SHARE = 0.2;
/** Of visitors' requests in the site's traffic: the site figures (`/api/stats`) and the categories' counts. */
export const SITE_FIGURES_SHARE = { stats: 0.05, categories: 0.05 };

/**
 * Draws requests of one kind. `signedIn`: as a random one of the signed-in members (their
 * session), else as a visitor from a random address. Every draw is a fresh random choice.
 */
export function trafficDrawer(inputs: TTrafficInputs, kind: TTrafficKind, signedIn: boolean, origin: string, seed: number): () => TTrafficRequest {
  const random = seededRandom(seed);
  const drawProject = zipf(inputs.projects.length);
  const drawTerm = zipf(inputs.terms.length);
  const drawTag = zipf(Math.max(1, inputs.tags.length));
  const visitor = (): Record<string, string> => ({ 'x-forwarded-for': addressOf(Math.floor(random() * VISITOR_ADDRESSES)) });
  const member = () => inputs.members[Math.floor(random() * inputs.members.length)]!;
  // A member comes from an address of their own, as a person does.
  const headersOf = (who: { id: number; cookie: string }): Record<string, string> => ({ cookie: who.cookie, 'x-forwarded-for': addressOf(VISITOR_ADDRESSES + who.id) });
  const as = (signedIn: boolean) => (signedIn && inputs.members.length > 0 ? headersOf(member()) : visitor());
  const gallery = (headers: Record<string, string>): TTrafficRequest => {
    const later = inputs.laterPages.length > 0 && random() < 0.3;
    const query = later ? inputs.laterPages[Math.floor(random() * inputs.laterPages.length)]! : galleryQuery(inputs, random, drawTag);
    return { method: 'GET', path: `/api/projects?${query}`, headers };
  };
  const detail = (headers: Record<string, string>): TTrafficRequest => ({ method: 'GET', path: `/api/projects/slug/${encodeURIComponent(inputs.projects[drawProject(random)]!.slug)}`, headers });
  const search = (headers: Record<string, string>): TTrafficRequest => ({ method: 'GET', path: `/api/projects/search/${encodeURIComponent(inputs.terms[drawTerm(random)]!)}`, headers });

  const membersMix = (): TTrafficRequest => {
    const who = member();
    const headers = headersOf(who);
    const draw = random();
    const write = { ...headers, origin };
    const project = inputs.projects[drawProject(random)]!;
    if (draw < MIX_WRITE_SHARE.like) return { method: 'POST', path: `/api/projects/${project.id}/like`, headers: write };
    // Following oneself is refused: then the like instead.
    if (draw < MIX_WRITE_SHARE.like + MIX_WRITE_SHARE.follow) {
      return project.creatorId === who.id ? { method: 'POST', path: `/api/projects/${project.id}/like`, headers: write } : { method: 'POST', path: `/api/users/${project.creatorId}/follow`, headers: write };
    }
    if (draw < MIX_WRITE_SHARE.like + MIX_WRITE_SHARE.follow + MIX_WRITE_SHARE.comment) {
      return { method: 'POST', path: `/api/projects/${project.id}/comments`, headers: { ...write, 'content-type': 'application/json' }, body: JSON.stringify({ body: `Bench comment ${Math.floor(random() * 1e9)}` }) };
    }
    return reads(headers);
  };
  const reads = (headers: Record<string, string>): TTrafficRequest => {
    const read = random();
    if (read < 0.45) return gallery(headers);
    if (read < 0.85) return detail(headers);
    return search(headers);
  };
  const visitorsOfTheSite = (): TTrafficRequest => {
    const headers = visitor();
    const draw = random();
    if (draw < SITE_FIGURES_SHARE.stats) return { method: 'GET', path: '/api/stats', headers };
    if (draw < SITE_FIGURES_SHARE.stats + SITE_FIGURES_SHARE.categories) return { method: 'GET', path: '/api/categories', headers };
    return reads(headers);
  };

  return () => {
    if (kind === 'gallery') return gallery(as(signedIn));
    if (kind === 'detail') return detail(as(signedIn));
    if (kind === 'search') return search(as(signedIn));
    if (kind === 'site') return random() < SITE_MEMBER_SHARE ? membersMix() : visitorsOfTheSite();
    return membersMix();
  };
}

/** The autocannon request of a connection: each send draws a new URL. */
export function drawnRequests(draw: () => TTrafficRequest): autocannon.Request[] {
  return [
    {
      setupRequest: (request: autocannon.Request) => {
        const next = draw();
        return { ...request, method: next.method, path: next.path, headers: { ...(request.headers ?? {}), ...next.headers }, body: next.body };
      },
    } as autocannon.Request,
  ];
}

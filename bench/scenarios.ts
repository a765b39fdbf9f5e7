// What `npm run bench` measures: each scenario's requests, its budget, and the real inputs
// (slugs, a deep cursor, a category and tag, a search term, sessions) read through the API first.
import type { Request as TCannonRequest } from 'autocannon';
import { GALLERY_PAGE_SIZE, JOB_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_HEADERS } from '../shared/constants';
import type { TProject } from '../shared/schemas/project';
import { drawnRequests, findLaterPages, MIX_WRITE_SHARE, signInMembers, SITE_MEMBER_SHARE, trafficDrawer, type TTrafficData, type TTrafficInputs, type TTrafficKind } from './traffic';

/** Budgets from the issue (2 cores): a share of the hello-world ceiling and a p99 latency; errors must be 0 everywhere. */
export interface TBudget {
  minShareOfCeiling: number;
  maxP99Ms: number;
}
const LIST_AND_DETAIL_BUDGET: TBudget = { minShareOfCeiling: 0.5, maxP99Ms: 25 };
// Search is a list too (same share of the ceiling), with its own, looser p99.
const SEARCH_BUDGET: TBudget = { minShareOfCeiling: 0.5, maxP99Ms: 30 };
// The issue's budgets for real traffic (many URLs, visitors and members, writes): a smaller
// share of the ceiling, since much of it cannot come from the read cache.
const GALLERY_TRAFFIC_BUDGET: TBudget = { minShareOfCeiling: 0.25, maxP99Ms: 25 };
const DETAIL_TRAFFIC_BUDGET: TBudget = { minShareOfCeiling: 0.2, maxP99Ms: 25 };
const SEARCH_TRAFFIC_BUDGET: TBudget = { minShareOfCeiling: 0.25, maxP99Ms: 25 };
const MIX_TRAFFIC_BUDGET: TBudget = { minShareOfCeiling: 0.15, maxP99Ms: 25 };

export const SCENARIO_NAMES = [
  'list-trending',
  'list-deep',
  'list-filtered',
  'project-detail',
  'search',
  'jobs',
  'html-home',
  'html-project',
  'signed-in-mix',
  'gallery-visitors',
  'gallery-members',
  'detail-visitors',
  'detail-members',
  'search-terms',
  'members-mix',
  'site-mix',
] as const;
export type TScenarioName = (typeof SCENARIO_NAMES)[number];

export interface TScenario {
  /** Short name, for --only and the JSON. */
  name: TScenarioName;
  /** What the table shows. */
  title: string;
  /**
   * 'one URL': the same few URLs again and again, which the read cache answers (what a cached
   * page costs); 'traffic': URLs drawn from the whole dataset by many visitors and members.
   */
  path: 'one URL' | 'traffic';
  /**
   * null: shown without a budget. The HTML pages (index.html with meta tags) and the signed-in
   * mix (writes included) are not the list and detail endpoints the issue's budgets speak of.
   */
  budget: TBudget | null;
  /** The requests connection number `connection` cycles through. */
  requestsFor(connection: number): TCannonRequest[];
}

/** The real data the scenarios point at, found through the API before anything is measured. */
export interface TScenarioInputs {
  /** Slugs of the trending first page (detail and HTML scenarios rotate over them by connection). */
  slugs: string[];
  deepPage: { number: number; cursor: string };
  filter: { category: string; tag: string };
  searchTerm: string;
  /** Session cookies (`sid=…`) of signed-in members. */
  sessions: string[];
  /** Distinct projects for the signed-in mix to like and unlike, one per connection where possible. */
  likeTargets: { id: number; slug: string }[];
  /** What the traffic scenarios draw from. */
  traffic: TTrafficInputs;
}

/** Distinct later gallery pages the traffic draws from. */
const LATER_PAGES = 150;

/** How deep the "deep page" scenario goes, following x-next-cursor from the first page. */
export const DEEP_PAGE = 40;

const pick = <T>(items: T[], index: number): T => items[index % items.length]!;
const get = (path: string, headers?: Record<string, string>): TCannonRequest => ({ method: 'GET', path, ...(headers ? { headers } : {}) });

export function buildScenarios(inputs: TScenarioInputs, origin: string): Record<TScenarioName, TScenario> {
  const same = (request: TCannonRequest) => () => [request];
  const { category, tag } = inputs.filter;
  // Each connection draws its own random sequence (seeded: runs draw alike).
  const traffic = (name: TScenarioName, title: string, budget: TBudget | null, kind: TTrafficKind, signedIn: boolean): TScenario => ({
    name,
    title,
    path: 'traffic',
    budget,
    requestsFor: (connection) => drawnRequests(trafficDrawer(inputs.traffic, kind, signedIn, origin, 20_261_126 + connection * 7919 + name.length)),
  });
  const { projects, terms, members } = inputs.traffic;
  const mixWrites = Math.round(Object.values(MIX_WRITE_SHARE).reduce((a, b) => a + b, 0) * 100);
  return {
    'gallery-visitors': traffic('gallery-visitors', 'visitors: gallery pages (sort, category, tag, later pages)', GALLERY_TRAFFIC_BUDGET, 'gallery', false),
    'gallery-members': traffic('gallery-members', `${members.length} members: gallery pages`, GALLERY_TRAFFIC_BUDGET, 'gallery', true),
    'detail-visitors': traffic('detail-visitors', `visitors: project pages (${projects.length.toLocaleString('en-US')} projects, Zipf)`, DETAIL_TRAFFIC_BUDGET, 'detail', false),
    'detail-members': traffic('detail-members', `${members.length} members: project pages (Zipf)`, DETAIL_TRAFFIC_BUDGET, 'detail', true),
    'search-terms': traffic('search-terms', `visitors: search (${terms.length} terms, Zipf)`, SEARCH_TRAFFIC_BUDGET, 'search', false),
    'members-mix': traffic('members-mix', `${members.length} members: reads + ${mixWrites}% writes`, MIX_TRAFFIC_BUDGET, 'mix', true),
    'site-mix': traffic('site-mix', `visitors + ${SITE_MEMBER_SHARE * 100}% members (their ${mixWrites}% writes), figures`, null, 'site', true),
    'list-trending': { name: 'list-trending', path: 'one URL', title: 'GET /api/projects (trending, page 1)', budget: LIST_AND_DETAIL_BUDGET, requestsFor: same(get('/api/projects')) },
    'list-deep': {
      name: 'list-deep',
      path: 'one URL',
      title: `GET /api/projects (trending, page ${inputs.deepPage.number})`,
      budget: LIST_AND_DETAIL_BUDGET,
      requestsFor: same(get(`/api/projects?cursor=${encodeURIComponent(inputs.deepPage.cursor)}`)),
    },
    'list-filtered': {
      name: 'list-filtered',
      path: 'one URL',
      title: 'GET /api/projects (category + tag)',
      budget: LIST_AND_DETAIL_BUDGET,
      requestsFor: same(get(`/api/projects?category=${encodeURIComponent(category)}&tag=${encodeURIComponent(tag)}`)),
    },
    'project-detail': {
      name: 'project-detail',
      path: 'one URL',
      title: 'GET /api/projects/slug/{slug}',
      budget: LIST_AND_DETAIL_BUDGET,
      requestsFor: (connection) => [get(`/api/projects/slug/${encodeURIComponent(pick(inputs.slugs, connection))}`)],
    },
    search: {
      name: 'search',
      path: 'one URL',
      title: `GET /api/projects/search/${inputs.searchTerm}`,
      budget: SEARCH_BUDGET,
      requestsFor: same(get(`/api/projects/search/${encodeURIComponent(inputs.searchTerm)}`)),
    },
    jobs: { name: 'jobs', path: 'one URL', title: 'GET /api/jobs', budget: LIST_AND_DETAIL_BUDGET, requestsFor: same(get(`/api/jobs?limit=${JOB_PAGE_SIZE}`)) },
    'html-home': { name: 'html-home', path: 'one URL', title: 'GET / (HTML)', budget: null, requestsFor: same(get('/')) },
    'html-project': {
      name: 'html-project',
      path: 'one URL',
      title: 'GET /project/{slug} (HTML + meta)',
      budget: null,
      requestsFor: (connection) => [get(`/project/${encodeURIComponent(pick(inputs.slugs, connection))}`)],
    },
    'signed-in-mix': {
      name: 'signed-in-mix',
      path: 'one URL',
      title: 'signed in: browse, open, like, unlike',
      budget: null,
      requestsFor: (connection) => {
        // Members spread over connections, each connection with its own project: a like and its
        // unlike always come in pairs on one (member, project), so the cycle leaves the data as it found it.
        const cookie = pick(inputs.sessions, connection);
        const target = pick(inputs.likeTargets, connection);
        const write = { cookie, origin };
        return [
          get('/api/projects', { cookie }),
          get(`/api/projects/slug/${encodeURIComponent(target.slug)}`, { cookie }),
          { method: 'POST', path: `/api/projects/${target.id}/like`, headers: write },
          { method: 'POST', path: `/api/projects/${target.id}/like`, headers: write },
        ];
      },
    },
  };
}

/** Reads the API as a client would; every answer must be 2xx. */
export class BenchClient {
  constructor(
    readonly baseUrl: string,
    readonly origin: string,
  ) {}

  async request(request: TCannonRequest): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${request.path ?? '/'}`, {
      method: request.method ?? 'GET',
      headers: request.headers as Record<string, string> | undefined,
      body: request.body as string | undefined,
      redirect: 'manual',
    });
    if (response.status < 200 || response.status >= 300) {
      throw new Error(`${request.method ?? 'GET'} ${request.path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    }
    return response;
  }

  async getJson<T>(path: string): Promise<{ body: T; headers: Headers }> {
    const response = await this.request(get(path));
    return { body: (await response.json()) as T, headers: response.headers };
  }

  /** Signs in and answers the session cookie (`sid=…`) for later requests. */
  async signIn(email: string, password: string): Promise<string> {
    const response = await this.request({
      method: 'POST',
      path: '/api/auth/signin',
      headers: { origin: this.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const session = response.headers.getSetCookie().map((cookie) => /^sid=[^;]+/.exec(cookie)?.[0]).find(Boolean);
    if (!session) throw new Error(`signing in as ${email} set no session cookie`);
    return session;
  }
}

/** Follows x-next-cursor from the first trending page, as deep as DEEP_PAGE or the last page that has a cursor. */
async function findDeepPage(client: BenchClient): Promise<{ number: number; cursor: string }> {
  let deepest: { number: number; cursor: string } | null = null;
  let cursor: string | null = null;
  for (let page = 1; page < DEEP_PAGE; page += 1) {
    const { headers }: { headers: Headers } = await client.getJson<TProject[]>(`/api/projects${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    cursor = headers.get(PAGE_HEADERS.nextCursor);
    if (!cursor) break;
    deepest = { number: page + 1, cursor };
  }
  if (!deepest) throw new Error('the gallery has a single page: the deep-page scenario needs more projects');
  return deepest;
}

function mostFrequent(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/** The busiest category, and the tag most used within it. */
async function findFilter(client: BenchClient): Promise<{ category: string; tag: string }> {
  const { body: categories } = await client.getJson<{ name: string; projects: number }[]>('/api/categories');
  const category = [...categories].sort((a, b) => b.projects - a.projects)[0];
  if (!category || category.projects === 0) throw new Error('no category has projects');
  const { body: projects } = await client.getJson<TProject[]>(`/api/projects?category=${encodeURIComponent(category.name)}&limit=${MAX_PAGE_SIZE}`);
  const tag = mostFrequent(projects.flatMap((project) => project.tags.map((name) => name.toLowerCase())));
  if (!tag) throw new Error(`no tags on the projects of ${category.name}`);
  return { category: category.name, tag };
}

/** The word that recurs most in real titles, confirmed to find something. */
async function findSearchTerm(client: BenchClient, titles: string[]): Promise<string> {
  const words = titles.flatMap((title) => title.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
  const candidates = [...new Set([mostFrequent(words), ...words])].filter((word): word is string => Boolean(word));
  for (const word of candidates.slice(0, 10)) {
    const { body } = await client.getJson<TProject[]>(`/api/projects/search/${encodeURIComponent(word)}`);
    if (body.length > 0) return word;
  }
  throw new Error('no word of the project titles finds anything through search');
}

/** Projects to like in the signed-in mix: the most recent ones, as many as there are connections. */
async function findLikeTargets(client: BenchClient, count: number): Promise<{ id: number; slug: string }[]> {
  const { body } = await client.getJson<TProject[]>(`/api/projects?sort=recent&limit=${Math.min(MAX_PAGE_SIZE, Math.max(count, 1))}`);
  if (body.length === 0) throw new Error('no projects to like');
  return body.map((project) => ({ id: project.id, slug: project.slug }));
}

export async function discoverInputs(
  client: BenchClient,
  options: { connections: number; accounts: { email: string; password: string }[]; traffic: TTrafficData; trafficAccounts: { email: string; password: string }[] },
): Promise<TScenarioInputs> {
  const { body: firstPage } = await client.getJson<TProject[]>(`/api/projects?limit=${MAX_PAGE_SIZE}`);
  if (firstPage.length === 0) throw new Error('the gallery is empty');
  await client.request(get('/api/jobs'));
  if (options.accounts.length === 0) throw new Error('no member accounts to sign in with for the signed-in mix');
  const sessions: string[] = [];
  for (const account of options.accounts) sessions.push(await client.signIn(account.email, account.password));
  return {
    slugs: firstPage.slice(0, GALLERY_PAGE_SIZE).map((project) => project.slug),
    deepPage: await findDeepPage(client),
    filter: await findFilter(client),
    searchTerm: await findSearchTerm(client, firstPage.map((project) => project.title)),
    sessions,
    likeTargets: await findLikeTargets(client, options.connections),
    traffic: {
      ...options.traffic,
      laterPages: await findLaterPages(client.baseUrl, options.traffic, LATER_PAGES, 20_261_126),
      members: await signInMembers(client.baseUrl, options.trafficAccounts),
    },
  };
}

/** Sends every request of one connection's cycle once: a scenario that would measure errors fails here, with the reason. */
export async function probeScenario(client: BenchClient, scenario: TScenario): Promise<void> {
  for (const request of scenario.requestsFor(0)) {
    const response = await client.request(request).catch((error: unknown) => {
      throw new Error(`scenario ${scenario.name}: ${error instanceof Error ? error.message : String(error)}`);
    });
    await response.body?.cancel();
  }
}

// The memory soak: a long mixed load over many distinct URLs (many projects, search terms,
// gallery pages, tags, profiles) with writes (likes, follows, counted views, sign-ins) from
// many members and addresses, while the server's resident memory (VmRSS of its pid) is sampled.
// After the warm-up the process should hold steady: caches at their budgets, pools full. Used
// by `npm run bench -- --soak` (10 minutes) and by reliability/memory-soak.test.ts (1 minute).
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import autocannon, { type Client, type Request } from 'autocannon';
import { seededRandom } from '../server/lib/seeded-random';
import { GALLERY_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_HEADERS } from '../shared/constants';
import { PROJECT_SORTS, type TProject } from '../shared/schemas/project';
import { BROWSER_HEADERS } from './measure';

/** What the mix points at: real slugs, ids, words, tags and pages, read through the API first. */
export interface TSoakInputs {
  projects: { id: number; slug: string; creatorId: number }[];
  creatorIds: number[];
  tags: string[];
  categories: string[];
  words: string[];
  /** Gallery pages deeper than the first: a sort and its cursor. */
  cursors: { sort: string; cursor: string }[];
  /** Session cookies (`sid=…`) of signed-in members, with their ids. */
  members: { id: number; cookie: string }[];
}

/** One RSS reading of the server process. */
export interface TRssSample {
  /** Seconds since the load began. */
  atSeconds: number;
  rssMb: number;
  /** Anonymous memory (heap, buffers, allocator arenas) and file-backed pages (code, libraries). */
  anonMb: number;
  fileMb: number;
}

export interface TSoakSummary {
  warmupSeconds: number;
  /** Each figure is a median over this many seconds of samples, so V8's garbage-collection sawtooth evens out. */
  windowSeconds: number;
  /** The median of the samples in the window after the warm-up. */
  warmupRssMb: number;
  /** The median of the samples of the last window. */
  endRssMb: number;
  maxRssMb: number;
  /** Least-squares slope of RSS over the samples after the warm-up. */
  slopeMbPerMin: number;
  growthMb: number;
  samples: number;
}

export interface TSoakTraffic {
  requests: number;
  reqPerSec: number;
  /** Answers by status, over every request of the mix and the sign-ins. */
  statusCodes: Record<string, number>;
  /** Socket errors and timeouts. */
  errors: number;
  /** Requests by kind. */
  kinds: Record<string, number>;
  distinctUrls: number;
  signIns: number;
}


/** VmRSS, RssAnon and RssFile of a process, from /proc (Linux). */
export function readRss(pid: number): Omit<TRssSample, 'atSeconds'> {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  const mb = (value: number) => Math.round((value / 1024) * 10) / 10;
  return { rssMb: mb(kb('VmRSS')), anonMb: mb(kb('RssAnon')), fileMb: mb(kb('RssFile')) };
}

/** Samples the process every `everySeconds` until stopped; the samples so far at any time. */
export function sampleRss(pid: number, everySeconds: number, onSample?: (sample: TRssSample) => void): { samples: TRssSample[]; stop(): void } {
  const startedAt = performance.now();
  const samples: TRssSample[] = [];
  const take = () => {
    try {
      const sample = { atSeconds: Math.round((performance.now() - startedAt) / 100) / 10, ...readRss(pid) };
      samples.push(sample);
      onSample?.(sample);
    } catch {
      // The process is gone: the load's errors say why.
    }
  };
  take();
  const timer = setInterval(take, everySeconds * 1000);
  return { samples, stop: () => clearInterval(timer) };
}

/** The live JS heap after one full collection, from V8's `--trace-gc` line. */
export interface THeapAfterGc {
  /** Milliseconds since the process started. */
  atMs: number;
  /** The heap in use when the collection began, and what was still live after it. */
  beforeMb: number;
  liveMb: number;
}

/** The full collections (Mark-Compact) in `node --trace-gc` output: `[pid:0x…] 445 ms: Mark-Compact 58.0 (87.0) -> 42.8 (75.9) MB, …`. */
export function parseFullCollections(output: string): THeapAfterGc[] {
  return [...output.matchAll(/(\d+) ms: Mark-Compact ([\d.]+) \([\d.]+\) -> ([\d.]+) \(/g)].map((match) => ({
    atMs: Number(match[1]),
    beforeMb: Number(match[2]),
    liveMb: Number(match[3]),
  }));
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The live heap's course over full collections from `fromMs` on: its level at the start and at the end (medians over `windowMs`), the change between, and its least-squares slope. */
export interface THeapTrend {
  collections: number;
  startMb: number;
  endMb: number;
  growthMb: number;
  slopeMbPerMin: number;
}

export function heapTrend(collections: readonly THeapAfterGc[], fromMs: number, windowMs: number): THeapTrend {
  const after = collections.filter((gc) => gc.atMs >= fromMs);
  if (after.length === 0) return { collections: 0, startMb: 0, endMb: 0, growthMb: 0, slopeMbPerMin: 0 };
  const firstAt = after[0]!.atMs;
  const lastAt = after.at(-1)!.atMs;
  const startMb = median(after.filter((gc) => gc.atMs <= firstAt + windowMs).map((gc) => gc.liveMb));
  const endMb = median(after.filter((gc) => gc.atMs >= lastAt - windowMs).map((gc) => gc.liveMb));
  return {
    collections: after.length,
    startMb: round1(startMb),
    endMb: round1(endMb),
    growthMb: round1(endMb - startMb),
    slopeMbPerMin: round1(slope(after.map((gc) => ({ x: gc.atMs / 60_000, y: gc.liveMb })))),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Least-squares slope of y over x. */
export function slope(points: { x: number; y: number }[]): number {
  if (points.length < 2) return 0;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  const covariance = points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0);
  const variance = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

/** The figures of a run: RSS after the warm-up and at the end (each a median over `windowSeconds`), the max, the slope after the warm-up. */
export function summarizeSoak(samples: TRssSample[], warmupSeconds: number, windowSeconds: number): TSoakSummary {
  const after = samples.filter((sample) => sample.atSeconds >= warmupSeconds);
  if (after.length === 0) throw new Error(`no RSS sample after the ${warmupSeconds} s warm-up`);
  const firstAt = after[0]!.atSeconds;
  const lastAt = after.at(-1)!.atSeconds;
  const warmup = median(after.filter((sample) => sample.atSeconds <= firstAt + windowSeconds).map((sample) => sample.rssMb));
  const end = median(after.filter((sample) => sample.atSeconds >= lastAt - windowSeconds).map((sample) => sample.rssMb));
  return {
    warmupSeconds,
    windowSeconds,
    warmupRssMb: round1(warmup),
    endRssMb: round1(end),
    maxRssMb: round1(Math.max(...samples.map((sample) => sample.rssMb))),
    slopeMbPerMin: round1(slope(after.map((sample) => ({ x: sample.atSeconds / 60, y: sample.rssMb })))),
    growthMb: round1(end - warmup),
    samples: samples.length,
  };
}

export function formatSoakSummary(summary: TSoakSummary, last: TRssSample | undefined): string {
  const parts = [
    `RSS after the ${summary.warmupSeconds} s warm-up ${summary.warmupRssMb} MB`,
    `at the end ${summary.endRssMb} MB (${summary.growthMb >= 0 ? '+' : ''}${summary.growthMb} MB)`,
    `max ${summary.maxRssMb} MB`,
    `slope ${summary.slopeMbPerMin} MB/min`,
    `${summary.samples} samples (figures: medians over ${summary.windowSeconds} s)`,
  ];
  const makeup = last ? `; last sample ${last.anonMb} MB anonymous (heap, buffers, allocator) + ${last.fileMb} MB file-backed (code, libraries)` : '';
  return `${parts.join(', ')}${makeup}`;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** A client address of a pool this large (TRUST_PROXY=true reads it from X-Forwarded-For): many visitors. */
const ADDRESSES = 50_000;
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

type TKind = 'gallery' | 'filtered' | 'deep-page' | 'project' | 'similar' | 'search' | 'profile' | 'html' | 'jobs' | 'member-read' | 'view' | 'like' | 'follow';
const WEIGHTS: [TKind, number][] = [
  ['gallery', 8],
  ['filtered', 10],
  ['deep-page', 6],
  ['project', 18],
  ['similar', 4],
  ['search', 10],
  ['profile', 6],
  ['html', 6],
  ['jobs', 2],
  ['member-read', 10],
  ['view', 8],
  ['like', 8],
  ['follow', 4],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);

function pickKind(random: () => number): TKind {
  let roll = random() * TOTAL_WEIGHT;
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'project';
}

interface TMixRequest {
  kind: TKind;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
}

/** The next request of the mix: anonymous reads from many addresses, members' reads and writes. */
export function nextMixRequest(inputs: TSoakInputs, random: () => number, origin: string): TMixRequest {
  const kind = pickKind(random);
  const visitor = { 'x-forwarded-for': addressOf(Math.floor(random() * ADDRESSES)) };
  const member = pick(random, inputs.members);
  const signedIn = { cookie: member.cookie, 'x-forwarded-for': addressOf(member.id % ADDRESSES) };
  const project = pick(random, inputs.projects);
  const sort = pick(random, PROJECT_SORTS);
  const get = (path: string, headers: Record<string, string> = visitor): TMixRequest => ({ kind, method: 'GET', path, headers });
  switch (kind) {
    case 'gallery':
      return get(`/api/projects?sort=${sort}&limit=${GALLERY_PAGE_SIZE}`);
    case 'filtered':
      return random() < 0.5
        ? get(`/api/projects?sort=${sort}&tag=${encodeURIComponent(pick(random, inputs.tags))}`)
        : get(`/api/projects?sort=${sort}&category=${encodeURIComponent(pick(random, inputs.categories))}`);
    case 'deep-page': {
      const page = pick(random, inputs.cursors);
      return get(`/api/projects?sort=${page.sort}&limit=${GALLERY_PAGE_SIZE}&cursor=${encodeURIComponent(page.cursor)}`);
    }
    case 'project':
      return get(`/api/projects/slug/${encodeURIComponent(project.slug)}`);
    case 'similar':
      return get(`/api/projects/similar/${project.id}`);
    case 'search': {
      const words = random() < 0.7 ? [pick(random, inputs.words)] : [pick(random, inputs.words), pick(random, inputs.words)];
      return get(`/api/projects/search/${encodeURIComponent(words.join(' '))}`);
    }
    case 'profile': {
      const creator = pick(random, inputs.creatorIds);
      return get(random() < 0.5 ? `/api/users/${creator}` : `/api/users/${creator}/projects`);
    }
    case 'html':
      return get(random() < 0.8 ? `/project/${encodeURIComponent(project.slug)}` : '/');
    case 'jobs':
      return get('/api/jobs');
    case 'member-read':
      return get(`/api/projects?sort=${sort}&limit=${GALLERY_PAGE_SIZE}`, signedIn);
    case 'view':
      return get(`/api/projects/slug/${encodeURIComponent(project.slug)}`, signedIn);
    case 'like':
      return { kind, method: 'POST', path: `/api/projects/${project.id}/like`, headers: { ...signedIn, origin } };
    case 'follow': {
      const others = inputs.creatorIds.filter((id) => id !== member.id);
      return { kind, method: 'POST', path: `/api/users/${pick(random, others)}/follow`, headers: { ...signedIn, origin } };
    }
  }
}

/** Reads the site as a visitor would, to find what the mix points at; signs members in from addresses of their own. */
export async function discoverSoakInputs(
  baseUrl: string,
  options: { projects: number; accounts: { email: string; password: string }[]; log?: (line: string) => void },
): Promise<TSoakInputs> {
  const getJson = async <T>(path: string): Promise<{ body: T; headers: Headers }> => {
    const response = await fetch(`${baseUrl}${path}`);
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return { body: (await response.json()) as T, headers: response.headers };
  };
  const projects: TProject[] = [];
  const cursors: { sort: string; cursor: string }[] = [];
  // Pages of 100 in every sort, as far as `options.projects` projects: their cursors start deep gallery pages.
  for (const sort of PROJECT_SORTS) {
    let cursor: string | null = null;
    let seen = 0;
    while (seen < options.projects) {
      const page: { body: TProject[]; headers: Headers } = await getJson<TProject[]>(`/api/projects?sort=${sort}&limit=${MAX_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      if (sort === 'recent') projects.push(...page.body);
      seen += page.body.length;
      cursor = page.headers.get(PAGE_HEADERS.nextCursor);
      if (!cursor || page.body.length === 0) break;
      cursors.push({ sort, cursor });
    }
  }
  if (projects.length === 0) throw new Error('the gallery is empty');
  const { body: categories } = await getJson<{ name: string; projects: number }[]>('/api/categories');
  const words = [...new Set(projects.flatMap((project) => project.title.toLowerCase().match(/\p{L}{4,}/gu) ?? []))];
  const tags = [...new Set(projects.flatMap((project) => project.tags.map((tag) => tag.toLowerCase())))];
  const creatorIds = [...new Set(projects.map((project) => project.user.id))];

  const members: { id: number; cookie: string }[] = [];
  for (const [index, account] of options.accounts.entries()) {
    const signedIn = await signIn(baseUrl, account, addressOf(ADDRESSES + index));
    if (signedIn) members.push(signedIn);
  }
  if (members.length === 0) throw new Error('no member could sign in');
  options.log?.(
    `soak inputs: ${projects.length} projects, ${cursors.length} page cursors, ${tags.length} tags, ${categories.length} categories, ${words.length} words, ${creatorIds.length} creators, ${members.length} members signed in`,
  );
  return {
    projects: projects.map((project) => ({ id: project.id, slug: project.slug, creatorId: project.user.id })),
    creatorIds,
    tags,
    categories: categories.map((category) => category.name),
    words,
    cursors: cursors.length > 0 ? cursors : [{ sort: 'recent', cursor: '' }],
    members,
  };
}

/** A sign-in from the given address: the member's id and session cookie, or null when refused (throttled). */
async function signIn(baseUrl: string, account: { email: string; password: string }, address: string): Promise<{ id: number; cookie: string } | null> {
  const response = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(account),
  });
  if (!response.ok) {
    await response.body?.cancel();
    if (response.status === 429) return null;
    throw new Error(`signing in as ${account.email} answered ${response.status}`);
  }
  const cookie = response.headers.getSetCookie().map((value) => /^sid=[^;]+/.exec(value)?.[0]).find(Boolean);
  const { id } = (await response.json()) as { id?: number };
  if (!cookie || typeof id !== 'number') throw new Error(`signing in as ${account.email} gave no session`);
  return { id, cookie };
}

export interface TSoakRun {
  baseUrl: string;
  serverPid: number;
  inputs: TSoakInputs;
  accounts: { email: string; password: string }[];
  durationSeconds: number;
  warmupSeconds: number;
  /** Seconds of samples each figure (after warm-up, end) is the median of. */
  windowSeconds: number;
  connections: number;
  sampleEverySeconds: number;
  /** A sign-in every this many seconds, each from a new address. */
  signInEverySeconds: number;
  seed: number;
  onSample?: (sample: TRssSample) => void;
}

/** Runs the mix for the duration while sampling RSS; answers the traffic and the samples. */
export async function runSoak(run: TSoakRun): Promise<{ traffic: TSoakTraffic; samples: TRssSample[]; summary: TSoakSummary }> {
  if (process.platform !== 'linux') throw new Error('the soak reads the server\'s resident memory from /proc: it runs on Linux only');
  const statusCodes: Record<string, number> = {};
  const kinds: Record<string, number> = {};
  const urls = new Set<string>();
  const count = (status: number) => (statusCodes[status] = (statusCodes[status] ?? 0) + 1);
  let nextClient = 0;

  const setupClient = (client: Client) => {
    const random = seededRandom(run.seed + nextClient++);
    const request: Request = {
      setupRequest(req: Request): Request {
        const next = nextMixRequest(run.inputs, random, run.baseUrl);
        kinds[next.kind] = (kinds[next.kind] ?? 0) + 1;
        // Bounded: counting distinct URLs must not itself grow without end.
        if (urls.size < 1_000_000) urls.add(next.path);
        return { ...req, method: next.method, path: next.path, headers: { ...BROWSER_HEADERS, ...next.headers } };
      },
      onResponse(status: number, _body: string, _context: object, _headers: IncomingHttpHeaders | undefined) {
        count(status);
      },
    };
    client.setRequests([request]);
  };

  // Sign-ins on a timer: each hashes a password (argon2), so a few a second at most.
  let signIns = 0;
  let signInAddress = ADDRESSES * 2;
  const signInTimer = setInterval(() => {
    const account = run.accounts[signIns % run.accounts.length];
    if (!account) return;
    signIns += 1;
    void signIn(run.baseUrl, account, addressOf(signInAddress++)).then(
      (session) => count(session ? 200 : 429),
      () => count(599),
    );
  }, run.signInEverySeconds * 1000);

  const sampler = sampleRss(run.serverPid, run.sampleEverySeconds, run.onSample);
  try {
    const result = await autocannon({ url: run.baseUrl, connections: run.connections, duration: run.durationSeconds, timeout: 30, setupClient });
    sampler.stop();
    clearInterval(signInTimer);
    // One last reading at the very end.
    try {
      sampler.samples.push({ atSeconds: sampler.samples.at(-1)!.atSeconds + 0.1, ...readRss(run.serverPid) });
    } catch {
      // Gone: reported by the caller.
    }
    return {
      traffic: {
        requests: result.requests.total,
        reqPerSec: Math.round(result.requests.average),
        statusCodes,
        errors: result.errors,
        kinds,
        distinctUrls: urls.size,
        signIns,
      },
      samples: sampler.samples,
      summary: summarizeSoak(sampler.samples, run.warmupSeconds, run.windowSeconds),
    };
  } finally {
    sampler.stop();
    clearInterval(signInTimer);
  }
}

/** Why the traffic does not count as a healthy run (empty: it does). Refused writes (429) are fine: limits are part of the product. */
export function soakTrafficProblems(traffic: TSoakTraffic): string[] {
  const problems: string[] = [];
  if (traffic.requests === 0) problems.push('no request completed');
  const serverErrors = Object.entries(traffic.statusCodes).filter(([status]) => Number(status) >= 500);
  if (serverErrors.length > 0) problems.push(`server errors: ${JSON.stringify(Object.fromEntries(serverErrors))}`);
  if (traffic.errors > traffic.requests / 1000) problems.push(`${traffic.errors} socket errors or timeouts`);
  return problems;
}

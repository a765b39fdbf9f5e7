// The traffic of the load run: members browsing, opening, liking and following, with a ledger of
// every answer so the end state can be checked row by row. Each connection owns its own
// (member, project) and (member, creator) pairs: toggles of one pair never race each other, so
// a pair's final state is fixed by how many of its toggles were acknowledged.
import type { IncomingHttpHeaders } from 'node:http';
import type { Client, Request } from 'autocannon';
import { PAGE_HEADERS } from '../shared/constants';
import { PROJECT_SORTS } from '../shared/schemas/project';
import { seededRandom } from '../server/lib/seeded-random';

export interface TMixMember {
  id: number;
  cookie: string;
}

export interface TMixProject {
  id: number;
  slug: string;
  user: { id: number };
}

export type TAction = 'browse' | 'open' | 'like' | 'follow';

const WEIGHTS: [TAction, number][] = [
  ['browse', 35],
  ['open', 30],
  ['like', 22],
  ['follow', 13],
];
/** Share of reads made signed out (the anonymous read path is a different one). */
const ANONYMOUS_READS = 0.2;
const PAGE_SIZE = 12;
const FAILURES_KEPT = 20;
const SLOWEST_KEPT = 5;

export interface TMixLedger {
  /** action → status → answers. */
  statuses: Record<TAction, Record<number, number>>;
  /** The first non-2xx answers, with their bodies. */
  failures: string[];
  /** `userId:projectId` → acknowledged like toggles. */
  likeToggles: Map<string, number>;
  /** `followerId:followeeId` → acknowledged follow toggles. */
  followToggles: Map<string, number>;
  /** `u:<userId>:<projectId>` of every acknowledged signed-in open of another's project (one's own is not a view); `anonymous:<projectId>` signed out. */
  opened: Set<string>;
  /** Toggle answers that disagree with the pair's own acknowledged history. */
  contradictions: string[];
  /** The slowest answers, slowest first. */
  slowest: TSlowAnswer[];
  /**
   * Ledger keys of the requests still in flight when the run stopped (autocannon drops the
   * connections at the deadline): the server may or may not have made them, so either state
   * is right for these pairs, and only for these.
   */
  unsettled(): Record<TAction, Set<string>>;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function pickAction(random: () => number): TAction {
  const total = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [action, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'browse';
}

interface TPending {
  action: TAction;
  method: 'GET' | 'POST';
  path: string;
  /** The ledger key of a toggle or an open. */
  key?: string;
  sort?: string;
  sentAt: number;
  answered: boolean;
}

/** One of the slowest answers of the run, for the record. */
export interface TSlowAnswer {
  request: string;
  ms: number;
  /** Seconds into the run when it was sent. */
  sentAfter: number;
}

/**
 * autocannon's `setupClient` for the mix: each connection (client) takes the next slot, which
 * fixes its member and the pairs it may toggle. The ledger fills as answers arrive.
 */
export function signedInMix(options: { origin: string; members: TMixMember[]; projects: TMixProject[]; connections: number; seed: number }): {
  setupClient(client: Client): void;
  ledger: TMixLedger;
} {
  const { members, projects, origin } = options;
  // Each connection's last request: answered, or still in flight.
  const lastRequests: (() => TPending)[] = [];
  const ledger: TMixLedger = {
    statuses: { browse: {}, open: {}, like: {}, follow: {} },
    failures: [],
    likeToggles: new Map(),
    followToggles: new Map(),
    opened: new Set(),
    contradictions: [],
    slowest: [],
    unsettled() {
      const keys: Record<TAction, Set<string>> = { browse: new Set(), open: new Set(), like: new Set(), follow: new Set() };
      for (const last of lastRequests.map((current) => current())) if (!last.answered && last.key) keys[last.action].add(last.key);
      return keys;
    },
  };
  const startedAt = performance.now();
  let nextSlot = 0;
  // Slots sharing a member split its pairs by group, so no two connections toggle one pair.
  const groups = Math.max(1, Math.ceil(options.connections / members.length));

  function recordLatency(done: TPending): void {
    const ms = Math.round(performance.now() - done.sentAt);
    if (ledger.slowest.length === SLOWEST_KEPT && ms <= ledger.slowest.at(-1)!.ms) return;
    ledger.slowest.push({ request: `${done.method} ${done.path}`, ms, sentAfter: Math.round((done.sentAt - startedAt) / 100) / 10 });
    ledger.slowest.sort((a, b) => b.ms - a.ms);
    ledger.slowest.length = Math.min(ledger.slowest.length, SLOWEST_KEPT);
  }

  function setupClient(client: Client): void {
    const slot = nextSlot++;
    const random = seededRandom(options.seed + slot);
    const member = members[slot % members.length]!;
    const group = Math.floor(slot / members.length) % groups;
    const likeTargets = projects.filter((_, index) => index % groups === group);
    const followTargets = members.filter((other, index) => index % groups === group && other.id !== member.id);
    const cursors = new Map<string, string>();
    // autocannon sends each request as soon as it is built, one at a time per connection.
    let pending: TPending = { action: 'browse', method: 'GET', path: '/', sentAt: startedAt, answered: true };
    lastRequests.push(() => pending);

    /** The next request of this connection, chosen at random within its slot. */
    function nextRequest(): Omit<TPending, 'sentAt' | 'answered'> & { signedIn: boolean } {
      let action = pickAction(random);
      if (action === 'follow' && followTargets.length === 0) action = 'like';
      const signedIn = action === 'like' || action === 'follow' || random() >= ANONYMOUS_READS;
      if (action === 'browse') {
        const sort = pick(random, PROJECT_SORTS);
        const cursor = cursors.get(sort);
        return { action, signedIn, sort, method: 'GET', path: `/api/projects?sort=${sort}&limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}` };
      }
      if (action === 'open') {
        const project = pick(random, projects);
        // A creator opening their own project is not a counted view: no ledger key.
        const key = !signedIn ? `anonymous:${project.id}` : project.user.id === member.id ? undefined : `u:${member.id}:${project.id}`;
        return { action, signedIn, ...(key ? { key } : {}), method: 'GET', path: `/api/projects/slug/${project.slug}` };
      }
      if (action === 'like') {
        const project = pick(random, likeTargets);
        return { action, signedIn, key: `${member.id}:${project.id}`, method: 'POST', path: `/api/projects/${project.id}/like` };
      }
      const creator = pick(random, followTargets);
      return { action, signedIn, key: `${member.id}:${creator.id}`, method: 'POST', path: `/api/users/${creator.id}/follow` };
    }

    const request: Request = {
      setupRequest(req: Request): Request {
        const { signedIn, ...next } = nextRequest();
        const headers: Record<string, string> = signedIn ? { cookie: `sid=${member.cookie}` } : {};
        // A state-changing request from the site itself: the Origin the server checks.
        if (next.method === 'POST') headers.origin = origin;
        pending = { ...next, sentAt: performance.now(), answered: false };
        return { ...req, method: next.method, path: next.path, headers };
      },

      onResponse(status: number, body: string, _context: object, responseHeaders: IncomingHttpHeaders | undefined) {
        const done = pending;
        done.answered = true;
        recordLatency(done);
        const counts = ledger.statuses[done.action];
        counts[status] = (counts[status] ?? 0) + 1;
        if (status < 200 || status >= 300) {
          if (ledger.failures.length < FAILURES_KEPT) ledger.failures.push(`${done.action} → ${status} ${body.slice(0, 300)}`);
          return;
        }
        if (done.action === 'browse') {
          const next = responseHeaders?.[PAGE_HEADERS.nextCursor];
          // The last page sends no cursor: that sort starts over from the first page.
          if (typeof next === 'string') cursors.set(done.sort!, next);
          else cursors.delete(done.sort!);
        } else if (done.action === 'open') {
          if (done.key) ledger.opened.add(done.key);
        } else {
          const toggles = done.action === 'like' ? ledger.likeToggles : ledger.followToggles;
          const count = (toggles.get(done.key!) ?? 0) + 1;
          toggles.set(done.key!, count);
          const answer = JSON.parse(body) as { liked?: boolean; following?: boolean };
          const on = done.action === 'like' ? answer.liked : answer.following;
          if (on !== (count % 2 === 1)) ledger.contradictions.push(`${done.action} ${done.key} toggle #${count} answered ${String(on)}`);
        }
      },
    };
    client.setRequests([request]);
  }

  return { setupClient, ledger };
}

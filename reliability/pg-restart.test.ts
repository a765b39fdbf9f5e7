// PostgreSQL stopped and started again under a running server and a steady client load. While
// the database is away every request is answered at once (503 with Retry-After and the usual
// error body: no 500, no hang), the process survives its pool's dead connections, and once the
// database is back the pool recovers by itself and nothing the server acknowledged is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLikeResponse, TFollowResponse, TProject } from '../shared/schemas/project';
import type { TUploadResponse } from '../shared/schemas/media';
import { apiClient, sessionCookie, uploadForm, type TApiMember, type TRequestOptions, type TUploadFile } from '../e2e/api-client';
import { counterMismatches, followPairs, likePairs } from './harness/consistency';
import { newMemberDetails } from './harness/members';
import { startPrivatePostgres, type TPrivatePostgres, type TStopMode } from './harness/private-postgres';
import { inviteCodes, withServerDatabase } from './harness/server-database';
import { startServer, stopAllServers, tempDataDir, UNLIMITED_MEMBER_WRITES, type TServerProcess } from './harness/server-process';
import { seedThroughApi } from './harness/seed';
import { throwawayPostgresDatabase } from './harness/throwaway-postgres';
import { tinyPng } from './harness/tiny-image';

/** Concurrent clients, each a member making reads and writes one after another. */
const CLIENTS = 10;
/** The slowest answer allowed to anything asked while the database is down, and to all but uploads at any time. */
const ANSWER_WITHIN_MS = 3_000;
/** A request unanswered for this long is a hung one (recorded as such, not waited for). */
const HUNG_AFTER_MS = 15_000;
const LOAD_BEFORE_MS = 2_000;
const DATABASE_DOWN_MS = 4_000;
const READY_AGAIN_WITHIN_MS = 5_000;
const LOAD_AFTER_MS = 4_000;
/**
 * What each client does, round and round (each starting elsewhere): mostly reads, likes and
 * follows; now and then a sign-up (a password hash) and an upload (image processing, which
 * queues for a processing slot), few enough not to saturate the two cores by themselves.
 */
const PLAN = ['browse', 'like', 'open', 'follow', 'browse', 'like', 'create-project', 'open', 'browse', 'like', 'open', 'follow', 'browse', 'like', 'sign-up', 'follow'] as const;

type TPhase = 'up' | 'down' | 'recovering' | 'recovered';
type TOperation = (typeof PLAN)[number] | 'upload';

/** One request of the load: what it was, when it started, and how it was answered (or not). */
interface TOutcome {
  operation: TOperation;
  /** The phase the request started in, and the one its answer came in. */
  phase: TPhase;
  answeredIn: TPhase;
  ms: number;
  /** The HTTP status, or null when no answer came (socket error, hang). */
  status: number | null;
  retryAfter: string | null;
  body: unknown;
  error?: string;
}

/** What the server acknowledged (2xx), for checking the database afterwards. */
interface TLedger {
  outcomes: TOutcome[];
  /** 'user:project' → the state the last answered toggle reported; 'unknown' after an unanswered or failed one. */
  likes: Map<string, boolean | 'unknown'>;
  /** 'follower:followee' → as likes. */
  follows: Map<string, boolean | 'unknown'>;
  projects: TProject[];
  signUps: { email: string; cookie: string }[];
}

interface TScenarioResult extends TLedger {
  /** How long PostgreSQL took to start again (crash recovery after an immediate stop). */
  databaseStartMs: number;
  /** From PostgreSQL accepting connections again to /readyz answering 200. */
  readyAgainMs: number;
  /** /readyz answers while the database was down. */
  readinessWhileDown: { status: number | null; ms: number; retryAfter: string | null }[];
}

describe('PostgreSQL restart under load', () => {
  let cluster: TPrivatePostgres;
  let dropDatabase: () => Promise<void> = async () => {};
  const data = tempDataDir('pg-restart-');
  let server: TServerProcess;
  let serverExitedEarly = false;
  let members: TApiMember[] = [];
  let seedProjects: TProject[] = [];
  let image: TUploadFile;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    const database = await throwawayPostgresDatabase(cluster.url());
    dropDatabase = database.drop;
    // Its few members write far faster than people: their limits would answer 429, not the database.
    server = await startServer({ env: { ...UNLIMITED_MEMBER_WRITES, DATABASE_URL: database.url }, dataDir: data.dir });
    void server.exited.then(() => {
      serverExitedEarly = true;
    });
    await server.waitReady();
    ({ members, projects: seedProjects } = await seedThroughApi(server, { members: CLIENTS, projects: CLIENTS }));
    image = await tinyPng();
  });

  afterAll(async () => {
    const wasRunning = server && !serverExitedEarly;
    await stopAllServers();
    await dropDatabase().catch(() => {});
    await cluster?.destroy();
    data.remove();
    // A process that died on its own is the failure this suite exists to catch: say so loudly.
    if (server && !wasRunning) console.error(`The server exited during the run:\n${server.logs.slice(-5000)}`);
  });

  /**
   * Runs the load, stops PostgreSQL (`mode`) for a few seconds, starts it again, lets the load
   * go on until the server has recovered, and returns what every request got.
   */
  async function runScenario(mode: TStopMode): Promise<TScenarioResult> {
    const api = apiClient(server.url);
    // Sign-ups are one write in six; a fast machine makes a few hundred in a scenario.
    const codes = await inviteCodes(server, CLIENTS * 100);
    const ledger: TLedger = { outcomes: [], likes: new Map(), follows: new Map(), projects: [], signUps: [] };
    let phase: TPhase = 'up';
    let loadRunning = true;

    async function send(operation: TOperation, method: string, path: string, options: Pick<TRequestOptions, 'cookie' | 'json' | 'form'> = {}) {
      const startedIn = phase;
      const started = performance.now();
      try {
        const response = await api.request(method, path, { ...options, signal: AbortSignal.timeout(HUNG_AFTER_MS) });
        const text = await response.text();
        const outcome: TOutcome = {
          operation,
          phase: startedIn,
          answeredIn: phase,
          ms: performance.now() - started,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: parseJson(text),
        };
        ledger.outcomes.push(outcome);
        return { outcome, response };
      } catch (error) {
        const outcome: TOutcome = { operation, phase: startedIn, answeredIn: phase, ms: performance.now() - started, status: null, retryAfter: null, body: null, error: String(error) };
        ledger.outcomes.push(outcome);
        return { outcome, response: null };
      }
    }

    /** A toggle's answer fixes the pair's state; anything else leaves it unknown (it may have committed). */
    function recordToggle(states: Map<string, boolean | 'unknown'>, key: string, outcome: TOutcome, state: (body: unknown) => boolean) {
      states.set(key, isOk(outcome) ? state(outcome.body) : 'unknown');
    }

    async function client(index: number): Promise<void> {
      const member = members[index]!;
      const others = members.filter((other) => other.id !== member.id);
      for (let step = index; loadRunning; step += 1) {
        const project = seedProjects[step % seedProjects.length]!;
        switch (PLAN[step % PLAN.length]) {
          case 'browse':
            await send('browse', 'GET', '/api/projects?sort=recent');
            break;
          case 'open':
            await send('open', 'GET', `/api/projects/${project.id}`, { cookie: member.cookie });
            break;
          case 'like': {
            const { outcome } = await send('like', 'POST', `/api/projects/${project.id}/like`, { cookie: member.cookie });
            recordToggle(ledger.likes, `${member.id}:${project.id}`, outcome, (body) => (body as TLikeResponse).liked);
            break;
          }
          case 'follow': {
            const followee = others[step % others.length]!;
            const { outcome } = await send('follow', 'POST', `/api/users/${followee.id}/follow`, { cookie: member.cookie });
            recordToggle(ledger.follows, `${member.id}:${followee.id}`, outcome, (body) => (body as TFollowResponse).following);
            break;
          }
          case 'create-project': {
            const upload = await send('upload', 'POST', '/api/upload', { cookie: member.cookie, form: uploadForm([image]) });
            if (!isOk(upload.outcome)) break;
            const { urls } = upload.outcome.body as TUploadResponse;
            const created = await send('create-project', 'POST', '/api/projects', {
              cookie: member.cookie,
              json: { title: `Load ${index}-${step}`, description: '', category: 'Illustration', images: urls, tags: ['load'] },
            });
            if (isOk(created.outcome)) ledger.projects.push(created.outcome.body as TProject);
            break;
          }
          case 'sign-up': {
            const code = codes.pop();
            if (!code) throw new Error('Out of invitation codes: make more for the load');
            const details = newMemberDetails();
            const { outcome, response } = await send('sign-up', 'POST', '/api/auth/signup', { json: { ...details, invitationCode: code } });
            if (isOk(outcome) && response) ledger.signUps.push({ email: details.email, cookie: sessionCookie(response) });
          }
        }
      }
    }

    const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
    await sleep(LOAD_BEFORE_MS);

    await cluster.stop({ mode });
    phase = 'down';
    const readinessWhileDown: TScenarioResult['readinessWhileDown'] = [];
    const downUntil = Date.now() + DATABASE_DOWN_MS;
    while (Date.now() < downUntil) {
      readinessWhileDown.push(await probeReadiness(server.url));
      await sleep(250);
    }

    phase = 'recovering';
    const startingAt = performance.now();
    await cluster.start();
    const startedAt = performance.now();
    const readyAgainMs = await waitUntilReady(server.url, startedAt, READY_AGAIN_WITHIN_MS + 10_000);
    phase = 'recovered';
    await sleep(LOAD_AFTER_MS);
    loadRunning = false;
    await load;
    return { ...ledger, databaseStartMs: startedAt - startingAt, readyAgainMs, readinessWhileDown };
  }

  async function expectAcknowledgedWritesKept(result: TScenarioResult): Promise<void> {
    const api = apiClient(server.url);
    await withServerDatabase(server, async ({ db }) => {
      const emails = result.signUps.map((signUp) => signUp.email);
      const users = emails.length ? await db.selectFrom('users').select('email').where('email', 'in', emails).execute() : [];
      expect(users.map((user) => user.email).sort()).toEqual([...emails].sort());

      const projectIds = result.projects.map((project) => project.id);
      const projects = projectIds.length ? await db.selectFrom('projects').select('id').where('id', 'in', projectIds).execute() : [];
      expect(projects.map((project) => project.id).sort()).toEqual([...projectIds].sort());

      const liked = await likePairs(db);
      for (const [pair, state] of result.likes) if (state !== 'unknown') expect({ pair, liked: liked.has(pair) }).toEqual({ pair, liked: state });
      const following = await followPairs(db);
      for (const [pair, state] of result.follows) if (state !== 'unknown') expect({ pair, following: following.has(pair) }).toEqual({ pair, following: state });
      expect(await counterMismatches(db)).toEqual([]);
    });

    // Each acknowledged project still shows its image, and each acknowledged sign-up's session still works.
    for (const project of result.projects) {
      const served = await fetch(new URL(project.images[0]!, server.url));
      expect({ url: project.images[0], status: served.status }).toEqual({ url: project.images[0], status: 200 });
    }
    for (const signUp of result.signUps) {
      const me = await api.request('GET', '/api/auth/me', { cookie: signUp.cookie });
      expect(me.status).toBe(200);
      expect(await me.json()).not.toBeNull();
    }
  }

  for (const mode of ['immediate', 'fast'] as const) {
    it(`answers fast while PostgreSQL is down (${mode} stop), recovers when it is back and keeps every acknowledged write`, async () => {
      const result = await runScenario(mode);
      const { outcomes } = result;
      report(mode, result);

      expect(serverExitedEarly, server.logs.slice(-5000)).toBe(false);
      // Answered, every one: no socket errors, no hung requests.
      expect(outcomes.filter((outcome) => outcome.status === null).map(summarize)).toEqual([]);
      // Nothing waits for the database: whatever was asked while it was down got its answer at once,
      // and no request caught by the stop in the middle hung on its dead connection either. (Uploads
      // are left out of the second rule: under load they queue for an image-processing slot.)
      expect(outcomes.filter((outcome) => outcome.phase === 'down' && outcome.ms > ANSWER_WITHIN_MS).map(summarize)).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.operation !== 'upload' && outcome.ms > ANSWER_WITHIN_MS).map(summarize)).toEqual([]);
      // The database being away is a 503, never a 500 or another server error.
      expect(outcomes.filter((outcome) => outcome.status! >= 500 && outcome.status !== 503).map(summarize)).toEqual([]);
      const unavailable = outcomes.filter((outcome) => outcome.status === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      for (const outcome of unavailable) {
        expect(outcome.retryAfter).toMatch(/^\d+$/);
        expect(outcome.body).toMatchObject({ message: expect.any(String) });
      }
      // Writes made entirely while it was down were refused (the outage was real and the clients saw it).
      const whileDown = outcomes.filter((outcome) => outcome.phase === 'down' && outcome.answeredIn === 'down' && isWrite(outcome));
      expect(whileDown.some((outcome) => outcome.status === 503)).toBe(true);
      expect(whileDown.filter(isOk).map(summarize)).toEqual([]);

      // Not ready while down; ready again soon after.
      expect(result.readinessWhileDown.length).toBeGreaterThan(0);
      for (const probe of result.readinessWhileDown) {
        expect(probe.status).toBe(503);
        expect(probe.ms).toBeLessThan(ANSWER_WITHIN_MS);
        expect(probe.retryAfter).toMatch(/^\d+$/);
      }
      expect(result.readyAgainMs).toBeLessThan(READY_AGAIN_WITHIN_MS);

      // Once ready, the pool serves again: no leftovers of the dead connections, and writes of every kind work.
      const afterRecovery = outcomes.filter((outcome) => outcome.phase === 'recovered');
      expect(afterRecovery.filter((outcome) => !isOk(outcome)).map(summarize)).toEqual([]);
      for (const operation of ['like', 'follow', 'create-project', 'sign-up'] as const) {
        expect({ operation, acknowledged: afterRecovery.some((outcome) => outcome.operation === operation && isOk(outcome)) }).toEqual({ operation, acknowledged: true });
      }

      await expectAcknowledgedWritesKept(result);
    });
  }
});

function isOk(outcome: TOutcome): boolean {
  return outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
}

function isWrite(outcome: TOutcome): boolean {
  return outcome.operation !== 'browse' && outcome.operation !== 'open';
}

function summarize(outcome: TOutcome): string {
  return `${outcome.operation} in ${outcome.phase}: ${outcome.status ?? outcome.error} after ${Math.round(outcome.ms)} ms ${JSON.stringify(outcome.body)?.slice(0, 200) ?? ''}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function probeReadiness(url: string): Promise<TScenarioResult['readinessWhileDown'][number]> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(HUNG_AFTER_MS) });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: null, ms: performance.now() - started, retryAfter: null };
  }
}

/** Polls /readyz until it answers 200; returns the time since `since` (performance.now()). */
async function waitUntilReady(url: string, since: number, giveUpMs: number): Promise<number> {
  while (performance.now() - since < giveUpMs) {
    if ((await probeReadiness(url)).status === 200) return performance.now() - since;
    await sleep(100);
  }
  throw new Error(`/readyz did not answer 200 within ${giveUpMs} ms of PostgreSQL starting again`);
}

/** The numbers of a run, for the record. */
function report(mode: TStopMode, result: TScenarioResult): void {
  const { outcomes } = result;
  const byPhase = (phase: TPhase) => outcomes.filter((outcome) => outcome.phase === phase);
  const slowest = (list: TOutcome[]) => Math.round(Math.max(0, ...list.map((outcome) => outcome.ms)));
  const line = (phase: TPhase) => {
    const list = byPhase(phase);
    const others = list.filter((outcome) => outcome.operation !== 'upload');
    return `${phase}: ${list.length} requests, ${list.filter(isOk).length} 2xx, ${list.filter((outcome) => outcome.status === 503).length} 503, slowest ${slowest(others)} ms (uploads ${slowest(list)} ms)`;
  };
  console.log(
    `[pg-restart ${mode}] ${(['up', 'down', 'recovering', 'recovered'] as const).map(line).join('; ')}; PostgreSQL started in ${Math.round(result.databaseStartMs)} ms, ready again ${Math.round(result.readyAgainMs)} ms later; ` +
      `acknowledged: ${result.signUps.length} sign-ups, ${result.projects.length} projects, ${result.likes.size} like pairs, ${result.follows.size} follow pairs`,
  );
}

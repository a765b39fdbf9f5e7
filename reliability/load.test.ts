// Load: 100 connections for 30 s of signed-in traffic (browse, open, like, unlike, follow) against
// a real server process → no 5xx, no errors; afterwards every counter equals the rows it counts
// and every acknowledged toggle and view is in the database.
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../server/test/build-test-app';
import { counterMismatches, followPairs, likePairs, viewPairs } from './harness/consistency';
import { seedThroughApi } from './harness/seed';
import { withServerDatabase } from './harness/server-database';
import { startServer, stopAllServers, tempDataDir, UNLIMITED_MEMBER_WRITES, type TServerProcess, type TTempDir } from './harness/server-process';
import { throwawayPostgresDatabase, type TThrowawayDatabase } from './harness/throwaway-postgres';
import { signedInMix, type TMixLedger } from './load-mix';

const CONNECTIONS = 100;
const DURATION_SECONDS = 30;
const MEMBERS = 20;
const PROJECTS = 60;
/** No answer may take longer: a request stuck behind a lock shows up as a timeout. */
const REQUEST_TIMEOUT_SECONDS = 10;

/** The pairs whose acknowledged toggles were odd in number: the ones that must be on now. */
function pairsLeftOn(toggles: Map<string, number>): Set<string> {
  return new Set([...toggles].filter(([, count]) => count % 2 === 1).map(([pair]) => pair));
}

/** The set without the keys whose last request was still in flight at the deadline (either state is right). */
function settled(keys: Iterable<string>, unsettled: Set<string>): Set<string> {
  return new Set([...keys].filter((key) => !unsettled.has(key)));
}

describe.each(ENGINES)('under load on %s', (engine) => {
  let data: TTempDir;
  let database: TThrowawayDatabase | undefined;
  let server: TServerProcess;
  let ledger: TMixLedger;

  beforeAll(async () => {
    data = tempDataDir(`load-${engine}-`);
    if (engine === 'postgres') database = await throwawayPostgresDatabase(process.env.TEST_DATABASE_URL!);
    // 20 members liking and following thousands of times a minute: far past the per-member rate, which is not what this run is about.
    server = await startServer({ dataDir: data.dir, env: { ...UNLIMITED_MEMBER_WRITES, ...(database ? { DATABASE_URL: database.url } : {}) } });
    await server.waitReady();
  });

  afterAll(async () => {
    await stopAllServers();
    await database?.drop();
    data?.remove();
  });

  it(`answers ${CONNECTIONS} connections for ${DURATION_SECONDS} s of browsing, opening, liking and following with 2xx only`, async () => {
    const { members, projects } = await seedThroughApi(server, { members: MEMBERS, projects: PROJECTS });
    const mix = signedInMix({ origin: server.url, members, projects, connections: CONNECTIONS, seed: 20_240_601 });
    ledger = mix.ledger;

    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      timeout: REQUEST_TIMEOUT_SECONDS,
      setupClient: mix.setupClient,
    });
    const perAction = Object.fromEntries(Object.entries(ledger.statuses).map(([action, counts]) => [action, Object.values(counts).reduce((a, b) => a + b, 0)]));
    console.info(
      `[load ${engine}] ${result.requests.total} requests in ${result.duration} s: ${Math.round(result.requests.average)} req/s, ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ${JSON.stringify(perAction)}; ` +
        `in flight at the deadline: ${Object.values(ledger.unsettled()).reduce((sum, keys) => sum + keys.size, 0)}; slowest: ${JSON.stringify(ledger.slowest)}`,
    );

    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, failures: ledger.failures }).toEqual({ errors: 0, timeouts: 0, non2xx: 0, failures: [] });
    expect(ledger.contradictions).toEqual([]);
    // The run really wrote: toggles went both ways, views were counted.
    expect([...ledger.likeToggles.values()].some((count) => count >= 2)).toBe(true);
    expect(ledger.followToggles.size).toBeGreaterThan(0);
    expect(ledger.opened.size).toBeGreaterThan(0);
  });

  it('leaves every counter equal to its rows, and every acknowledged like, follow and view in place', async () => {
    expect(ledger, 'the load run did not happen').toBeDefined();
    // Stopped gracefully first: what is checked is what the process left behind.
    expect(await server.stop()).toEqual({ code: 0, signal: null });

    const unsettled = ledger.unsettled();
    await withServerDatabase(server, async ({ db }) => {
      expect(await counterMismatches(db)).toEqual([]);
      expect(settled(await likePairs(db), unsettled.like)).toEqual(settled(pairsLeftOn(ledger.likeToggles), unsettled.like));
      expect(settled(await followPairs(db), unsettled.follow)).toEqual(settled(pairsLeftOn(ledger.followToggles), unsettled.follow));
      // Views as the ledger names them: `u:<userId>:<projectId>` signed in, `anonymous:<projectId>` signed out.
      const views = [...(await viewPairs(db))].map((pair) => (pair.startsWith('u:') ? pair : `anonymous:${pair.split(':').pop()}`));
      expect(settled(views, unsettled.open)).toEqual(settled(ledger.opened, unsettled.open));
    });
  });
});

// Memory under a steady mixed load (CI's one-minute version of `npm run bench -- --soak`): a
// real server on a seeded dataset takes reads over many distinct URLs (projects, searches,
// gallery pages, tags, profiles, pages) and writes (likes, follows, counted views, sign-ins)
// from many members and addresses. After a warm-up its resident memory must hold steady: a
// leak that grows with traffic fails the run, a cache filling to its budget does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config';
import { createStorage } from '../server/adapters/storage/create-storage';
import { openDatabase } from '../server/db/open';
import { readDataset } from '../bench/dataset';
import { seedScale } from '../bench/seed-scale';
import { discoverSoakInputs, formatSoakSummary, runSoak, soakTrafficProblems } from '../bench/soak';
import { startServer, stopAllServers, tempDataDir, type TServerProcess, type TTempDir } from './harness/server-process';

const SIZE = { projects: 1500, users: 100, likes: 5000, images: 1 };
const WARMUP_SECONDS = 20;
const LOAD_SECONDS = 60;
const CONNECTIONS = 10;
/**
 * A leak is steady growth: both a slope and a total past these fail. A healthy server, its
 * read cache filling towards its budget while the load is young, measured 3 runs on a busy
 * 2-core machine: slope −4…+9 MB/min, growth −3…+9 MB (see README, Reliability).
 */
const MAX_SLOPE_MB_PER_MIN = 20;
const MAX_GROWTH_MB = 25;

describe('memory under a steady mixed load (SQLite)', () => {
  let data: TTempDir;
  let server: TServerProcess;

  beforeAll(async () => {
    data = tempDataDir('memory-soak-');
    const config = loadConfig({ DATA_DIR: data.dir, DATABASE_URL: '' });
    const { database } = await openDatabase(config);
    try {
      await seedScale(database, createStorage(config.storage), SIZE);
    } finally {
      await database.close();
    }
    // Behind a trusted proxy the load comes from many addresses (X-Forwarded-For).
    server = await startServer({ dataDir: data.dir, env: { TRUST_PROXY: 'true' } });
    await server.waitReady();
  });

  afterAll(async () => {
    await stopAllServers();
    data?.remove();
  });

  it(`holds its resident memory steady over ${LOAD_SECONDS} s after a ${WARMUP_SECONDS} s warm-up`, async () => {
    const { accounts } = await readDataset(loadConfig({ DATA_DIR: data.dir, DATABASE_URL: '' }), { members: 20 });
    const inputs = await discoverSoakInputs(server.url, { projects: SIZE.projects, accounts });

    const { traffic, samples, summary } = await runSoak({
      baseUrl: server.url,
      serverPid: server.pid,
      inputs,
      accounts,
      durationSeconds: WARMUP_SECONDS + LOAD_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      connections: CONNECTIONS,
      sampleEverySeconds: 1,
      signInEverySeconds: 5,
      seed: 7,
    });
    console.info(
      `[memory soak] ${traffic.requests} requests (${traffic.reqPerSec} req/s) over ${traffic.distinctUrls} distinct URLs; statuses ${JSON.stringify(traffic.statusCodes)}\n` +
        `[memory soak] ${formatSoakSummary(summary, samples.at(-1))}`,
    );

    expect(soakTrafficProblems(traffic), server.logs.slice(-2000)).toEqual([]);
    expect(traffic.distinctUrls).toBeGreaterThan(1000);
    const leaking = summary.slopeMbPerMin > MAX_SLOPE_MB_PER_MIN && summary.growthMb > MAX_GROWTH_MB;
    expect(leaking, `RSS grew ${summary.growthMb} MB after the warm-up at ${summary.slopeMbPerMin} MB/min (limits ${MAX_GROWTH_MB} MB and ${MAX_SLOPE_MB_PER_MIN} MB/min)`).toBe(false);
  });
});

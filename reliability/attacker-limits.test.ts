// The attacks of issue 13, against a real server process with small limits: an upload loop
// stops at the member's byte budget and at the unattached-uploads cap, a job-creation loop at
// five unpaid jobs, and anonymous views with a new User-Agent each count once per address.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, fixtureFiles, uploadForm, type TApiMember } from '../e2e/api-client';
import { ENGINES } from '../server/test/build-test-app';
import { jobBody } from '../server/test/factories';
import { createMember } from './harness/members';
import { withServerDatabase } from './harness/server-database';
import { startServer, stopAllServers, tempDataDir, type TServerProcess, type TTempDir } from './harness/server-process';
import { throwawayPostgresDatabase, type TThrowawayDatabase } from './harness/throwaway-postgres';
import { tinyPng } from './harness/tiny-image';

/** 0.3 MB: five a1111.png (59,427 bytes each) fit, a sixth does not. */
const UPLOAD_MB_PER_DAY = 0.3;
const UPLOAD_BYTES_PER_DAY = Math.floor(UPLOAD_MB_PER_DAY * 1024 * 1024);
const UNATTACHED_UPLOADS_MAX = 8;
const UNPAID_JOBS_MAX = 5;
/** Parallel loops of one attacker: the quotas must hold across them. */
const LOOPS = 4;

describe.each(ENGINES)('an attacker against the limits on member writes on %s', (engine) => {
  let data: TTempDir;
  let database: TThrowawayDatabase | undefined;
  let server: TServerProcess;

  beforeAll(async () => {
    data = tempDataDir(`attacker-${engine}-`);
    if (engine === 'postgres') database = await throwawayPostgresDatabase(process.env.TEST_DATABASE_URL!);
    server = await startServer({
      dataDir: data.dir,
      env: {
        ...(database ? { DATABASE_URL: database.url } : {}),
        UPLOAD_MB_PER_DAY: String(UPLOAD_MB_PER_DAY),
        UNATTACHED_UPLOADS_MAX: String(UNATTACHED_UPLOADS_MAX),
        UNPAID_JOBS_MAX: String(UNPAID_JOBS_MAX),
        // Visitors are told apart by the address the proxy saw (X-Forwarded-For, one hop).
        TRUST_PROXY: 'true',
      },
    });
    await server.waitReady();
  });

  afterAll(async () => {
    await stopAllServers();
    await database?.drop();
    data?.remove();
  });

  /** Runs LOOPS loops of `attempt` until each has seen `refusals` 429s in a row (or `maxAttempts` in all); the statuses in order. */
  async function attackLoops(attempt: () => Promise<Response>, maxAttempts: number): Promise<{ statuses: number[]; messages: Set<string>; retryAfter: number[] }> {
    const statuses: number[] = [];
    const messages = new Set<string>();
    const retryAfter: number[] = [];
    let sent = 0;
    const loop = async () => {
      let refusedInARow = 0;
      while (sent < maxAttempts && refusedInARow < 3) {
        sent += 1;
        const response = await attempt();
        statuses.push(response.status);
        if (response.status === 429) {
          refusedInARow += 1;
          messages.add(((await response.json()) as { message: string }).message);
          retryAfter.push(Number(response.headers.get('retry-after')));
        } else {
          await response.arrayBuffer();
          refusedInARow = 0;
        }
      }
    };
    await Promise.all(Array.from({ length: LOOPS }, loop));
    return { statuses, messages, retryAfter };
  }

  const mediaOf = (member: TApiMember) =>
    withServerDatabase(server, async ({ db }) => {
      const row = await db
        .selectFrom('project_media')
        .select([sql<number>`count(*)`.as('files'), sql<number>`coalesce(sum(size_bytes), 0)`.as('bytes')])
        .where('owner_id', '=', member.id)
        .executeTakeFirstOrThrow();
      return { files: Number(row.files), bytes: Number(row.bytes) };
    });

  it('stops an upload loop at the member’s byte budget for the day', async () => {
    const attacker = await createMember(server);
    const [png] = await fixtureFiles(['a1111.png']);
    const api = apiClient(server.url);
    const run = await attackLoops(() => api.request('POST', '/api/upload', { cookie: attacker.cookie, form: uploadForm([png!]) }), 40);

    expect(run.statuses.filter((status) => status === 201)).toHaveLength(Math.floor(UPLOAD_BYTES_PER_DAY / png!.bytes.length));
    expect(run.statuses.every((status) => status === 201 || status === 429)).toBe(true);
    expect([...run.messages]).toEqual(['You have reached your upload limit of 307.2 KB in 24 hours. Please try again later.']);
    expect(run.retryAfter.every((seconds) => seconds > 0 && seconds <= 24 * 3600)).toBe(true);
    const stored = await mediaOf(attacker);
    expect(stored.bytes).toBeLessThanOrEqual(UPLOAD_BYTES_PER_DAY);
    expect(stored.files).toBe(5);
  });

  it('stops an upload loop of small files at the unattached-uploads cap', async () => {
    const attacker = await createMember(server);
    const api = apiClient(server.url);
    let seed = 0;
    const run = await attackLoops(async () => api.request('POST', '/api/upload', { cookie: attacker.cookie, form: uploadForm([await tinyPng((seed += 1))]) }), 40);

    expect(run.statuses.filter((status) => status === 201)).toHaveLength(UNATTACHED_UPLOADS_MAX);
    expect([...run.messages]).toEqual([`You have ${UNATTACHED_UPLOADS_MAX} uploaded files not used in a project yet. Publish or wait for them to expire before uploading more.`]);
    expect((await mediaOf(attacker)).files).toBe(UNATTACHED_UPLOADS_MAX);
  });

  it('stops a job-creation loop at five unpaid jobs', async () => {
    const attacker = await createMember(server);
    const api = apiClient(server.url);
    const run = await attackLoops(() => api.request('POST', '/api/jobs', { cookie: attacker.cookie, json: jobBody() }), 60);

    expect(run.statuses.filter((status) => status === 201)).toHaveLength(UNPAID_JOBS_MAX);
    expect(run.statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3 * LOOPS);
    expect([...run.messages]).toEqual([`You have ${UNPAID_JOBS_MAX} job listings awaiting payment. Complete the payment of one before posting another.`]);
    const jobs = await withServerDatabase(server, ({ db }) => db.selectFrom('jobs').select('status').where('user_id', '=', attacker.id).execute());
    expect(jobs).toHaveLength(UNPAID_JOBS_MAX);
  });

  it('counts anonymous views with a new User-Agent each once per address, for projects and jobs', async () => {
    const creator = await createMember(server);
    const api = apiClient(server.url);
    const { urls } = await api.uploadFiles(creator.cookie, [await tinyPng(999)]);
    const project = await api.createProject(creator.cookie, { title: 'Counted once', images: urls });
    const posted = await api.request('POST', '/api/jobs', { cookie: creator.cookie, json: jobBody() });
    const job = (await posted.json()) as { id: number };
    await withServerDatabase(server, ({ db }) =>
      db.updateTable('jobs').set({ status: 'active', active_until: new Date(Date.now() + 86_400_000).toISOString() }).where('id', '=', job.id).execute(),
    );

    const visit = async (path: string, address: string, userAgent: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': address, 'user-agent': userAgent }, redirect: 'manual' });
      await response.arrayBuffer();
      expect([200, 302]).toContain(response.status);
    };
    for (let i = 0; i < 25; i += 1) {
      const userAgent = `Mozilla/5.0 (rotating ${i})`;
      await visit(`/api/projects/${project.id}`, '198.51.100.7', userAgent);
      await visit(`/api/jobs/${job.id}`, '198.51.100.7', userAgent);
      await visit(`/api/jobs/${job.id}/apply`, '198.51.100.7', userAgent);
    }
    await visit(`/api/projects/${project.id}`, '198.51.100.8', 'another');
    await visit(`/api/jobs/${job.id}`, '198.51.100.8', 'another');

    const counters = () =>
      withServerDatabase(server, async ({ db }) => ({
        project: (await db.selectFrom('projects').select('views_count').where('id', '=', project.id).executeTakeFirstOrThrow()).views_count,
        job: await db.selectFrom('jobs').select(['views', 'apply_clicks']).where('id', '=', job.id).executeTakeFirstOrThrow(),
      }));
    // Project views wait in the server's view buffer for up to a second (README 'Traffic, not one URL').
    await expect.poll(counters, { timeout: 5_000, interval: 200 }).toEqual({ project: 2, job: { views: 2, apply_clicks: 1 } });
    // …and stay at that: no later flush adds the rotated User-Agents' views.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await counters()).toEqual({ project: 2, job: { views: 2, apply_clicks: 1 } });
  });
});

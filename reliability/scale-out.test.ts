// Two server processes on different ports sharing one PostgreSQL, one Redis and one S3 bucket,
// as behind a load balancer (TRUST_PROXY, the client's address in X-Forwarded-For): whatever
// one process did, the other sees; limits count across both; the outbox both processes' workers
// drain sends each e-mail once.
import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '../shared/constants';
import type { TLikeResponse, TProject } from '../shared/schemas/project';
import { apiClient, sessionCookie, type TApiClient, type TApiMember } from '../e2e/api-client';
import { SIGNIN_ACCOUNT_IP_RULE } from '../server/features/accounts/accounts.service';
import { CODE_GUESS_RULE } from '../server/features/accounts/invitations.service';
import { SEND_OUTBOX_EVERY_MS } from '../server/jobs/send-outbox';
import { startS3Server, type TS3Server } from '../server/test/s3-server';
import { startSmtpSink, type TSmtpSink } from '../server/test/smtp-sink';
import { createMember } from './harness/members';
import { startPrivatePostgres, type TPrivatePostgres } from './harness/private-postgres';
import { withServerDatabase } from './harness/server-database';
import { startServer, stopAllServers, tempDataDir, type TServerProcess } from './harness/server-process';
import { throwawayPostgresDatabase } from './harness/throwaway-postgres';
import { tinyPng } from './harness/tiny-image';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONTACT_MESSAGES = 20;
/** How soon a write through one process must reach the visitors' pages the other one caches. */
const CROSS_PROCESS_INVALIDATION_MS = 1_000;

describe('two server processes sharing PostgreSQL, Redis and S3', () => {
  let cluster: TPrivatePostgres;
  let dropDatabase: () => Promise<void> = async () => {};
  let s3: TS3Server;
  let smtp: TSmtpSink;
  const dataA = tempDataDir('scale-out-a-');
  const dataB = tempDataDir('scale-out-b-');
  let a: TServerProcess;
  let b: TServerProcess;
  /**
   * Every client address and e-mail this run used: its limits live in the shared Redis under
   * keys ending in them, removed afterwards (never a FLUSHALL: other runs share that Redis).
   */
  const throttledKeys = new Set<string>();

  /** A client behind the load balancer: a fresh address of its own, so its limits are its own. */
  function newClientAddress(): string {
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    throttledKeys.add(address);
    return address;
  }

  /** The API of one process as a client at `address` reaches it through the load balancer. */
  function through(server: TServerProcess, address: string) {
    const api = apiClient(server.url);
    const headers = { 'x-forwarded-for': address };
    return {
      api,
      send: (method: string, path: string, options: Parameters<TApiClient['request']>[2] = {}) => api.request(method, path, { ...options, headers }),
    };
  }

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    const database = await throwawayPostgresDatabase(cluster.url());
    dropDatabase = database.drop;
    [s3, smtp] = await Promise.all([startS3Server(), startSmtpSink()]);
    const env = { DATABASE_URL: database.url, REDIS_URL, ...s3.env, SMTP_URL: smtp.url, SUPPORT_EMAIL: 'support@example.com', TRUST_PROXY: 'true' };
    // Started together, as a deployment starts its replicas: both migrate the one database at once.
    [a, b] = await Promise.all([startServer({ env, dataDir: dataA.dir }), startServer({ env, dataDir: dataB.dir })]);
    await Promise.all([a.waitReady(), b.waitReady()]);
  });

  afterAll(async () => {
    await stopAllServers();
    await Promise.allSettled([smtp?.stop(), s3?.stop(), dropDatabase()]);
    await cluster?.destroy();
    await forgetThrottles([...throttledKeys]);
    dataA.remove();
    dataB.remove();
  });

  it('takes a session made on one process on the other, and a sign-out on one ends it on both', async () => {
    const member = await createMember(a);
    const onB = await apiClient(b.url).request('GET', '/api/auth/me', { cookie: member.cookie });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ id: member.id, email: member.email });

    const address = newClientAddress();
    const signIn = await through(b, address).send('POST', '/api/auth/signin', { json: { email: member.email, password: member.password } });
    expect(signIn.status).toBe(200);
    const cookie = sessionCookie(signIn);
    expect(await (await apiClient(a.url).request('GET', '/api/auth/me', { cookie })).json()).not.toBeNull();

    expect((await apiClient(a.url).request('POST', '/api/auth/signout', { cookie })).status).toBe(204);
    expect(await (await apiClient(b.url).request('GET', '/api/auth/me', { cookie })).json()).toBeNull();
    expect(await (await apiClient(a.url).request('GET', '/api/auth/me', { cookie })).json()).toBeNull();
  });

  it('serves media uploaded through one process from the bucket, at the same URL through either', async () => {
    const member = await createMember(a);
    const [url] = (await apiClient(a.url).uploadFiles(member.cookie, [await tinyPng()])).urls as [string];
    expect(url.startsWith(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/`)).toBe(true);
    const bytes = await fetchBytes(url);

    // The other process finds the upload (its row is in the shared database) and makes the project.
    const project = await apiClient(b.url).createProject(member.cookie, { title: 'Made across two processes', images: [url], tags: ['scale'] });
    for (const server of [a, b]) {
      const served = await apiClient(server.url).getJson<TProject>(`/api/projects/${project.id}`);
      expect(served.images).toEqual([url]);
      for (const rendition of Object.values(served.media[0]!.variants)) expect((await fetch(rendition.url)).status).toBe(200);
    }
    expect((await fetchBytes(url)).equals(bytes)).toBe(true);
  });

  it('counts failed sign-ins against an account from one address across both processes, as one process would', async () => {
    const member = await createMember(b);
    const address = newClientAddress();
    throttledKeys.add(member.email);
    throttledKeys.add(`${address}|${member.email}`);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGNIN_ACCOUNT_IP_RULE.points; attempt += 1) {
      const server = attempt % 2 === 0 ? a : b;
      const response = await through(server, address).send('POST', '/api/auth/signin', { json: { email: member.email, password: 'not-the-password' } });
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([...Array<number>(SIGNIN_ACCOUNT_IP_RULE.points).fill(401), 429]);
    // Locked on both: even the right password waits, whichever process it reaches.
    for (const server of [a, b]) {
      const response = await through(server, address).send('POST', '/api/auth/signin', { json: { email: member.email, password: member.password } });
      expect(response.status).toBe(429);
    }
  });

  it('counts invitation code guesses from one client across both processes, and only against that client', async () => {
    const address = newClientAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= CODE_GUESS_RULE.points; attempt += 1) {
      const server = attempt % 2 === 0 ? b : a;
      const response = await through(server, address).send('POST', '/api/invitation-codes/validate', { json: { code: randomCode() } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(CODE_GUESS_RULE.points).fill(404), 429]);
    // Per client, not per load balancer: the next client's guess is still heard.
    expect((await through(a, newClientAddress()).send('POST', '/api/invitation-codes/validate', { json: { code: randomCode() } })).status).toBe(404);
  });

  it('sends each contact e-mail exactly once although both processes run an outbox worker', async () => {
    const runId = randomBytes(4).toString('hex');
    const subjects = Array.from({ length: CONTACT_MESSAGES }, (_, index) => `Scale-out ${runId} #${index}`);
    // All at once, half through each process: both workers are kicked together and race for the rows.
    const responses = await Promise.all(
      subjects.map((subject, index) =>
        through(index % 2 === 0 ? a : b, newClientAddress()).send('POST', '/api/contact', {
          json: { name: 'Ada Lovelace', email: 'ada@example.com', subject, message: `Message ${subject}`, recipientId: 'support' },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(subjects.map(() => 201));

    const receivedSubjects = () => smtp.received.map((mail) => mail.parsed.subject).filter((subject) => subject?.includes(runId));
    await vi.waitFor(() => expect(receivedSubjects()).toHaveLength(CONTACT_MESSAGES), { timeout: 30_000, interval: 200 });
    // Long enough for both workers' timers to come round again: a second send would show now.
    await sleep(SEND_OUTBOX_EVERY_MS + 1_000);
    expect(receivedSubjects().sort()).toEqual([...subjects].sort());

    const outbox = await withServerDatabase(a, ({ db }) => db.selectFrom('outbox').select(['subject', 'sent_at', 'attempts', 'claimed_by']).where('subject', 'like', `Scale-out ${runId} #%`).execute());
    expect(outbox).toHaveLength(CONTACT_MESSAGES);
    for (const row of outbox) expect(row).toMatchObject({ sent_at: expect.any(String), claimed_by: null });
  });

  it('shows a like made through one process in the counts the other serves: to the member at once, to visitors within a second', async () => {
    const creator = await createMember(a);
    const fan = await createMember(b);
    const { urls } = await apiClient(a.url).uploadFiles(creator.cookie, [await tinyPng(1)]);
    const project = await apiClient(a.url).createProject(creator.cookie, { title: 'Liked across processes', images: urls, tags: ['scale'] });
    const visitorView = (server: TServerProcess) => apiClient(server.url).getJson<TProject>(`/api/projects/${project.id}`);
    const fanView = (server: TServerProcess) => apiClient(server.url).getJson<TProject>(`/api/projects/${project.id}`, fan.cookie);
    // Visitors may be served a page another process cached before the write: the write's
    // invalidation reaches the other process over Redis a moment later, never a TTL later.
    const visitorSeesLikes = (server: TServerProcess, likes: number) =>
      vi.waitFor(async () => expect((await visitorView(server)).likes).toBe(likes), { timeout: CROSS_PROCESS_INVALIDATION_MS, interval: 20 });

    // Both processes have served (and may keep) the visitors' page as it was before the like.
    expect((await visitorView(a)).likes).toBe(0);
    expect((await visitorView(b)).likes).toBe(0);

    await expectToggle(apiClient(a.url), fan, project.id, { liked: true, newCount: 1 });
    expect(await fanView(b)).toMatchObject({ likes: 1, isLiked: true });
    await visitorSeesLikes(b, 1);

    await expectToggle(apiClient(b.url), fan, project.id, { liked: false, newCount: 0 });
    expect(await fanView(a)).toMatchObject({ likes: 0, isLiked: false });
    await visitorSeesLikes(a, 0);
  });
});

async function expectToggle(api: TApiClient, member: TApiMember, projectId: number, expected: TLikeResponse): Promise<void> {
  const response = await api.request('POST', `/api/projects/${projectId}/like`, { cookie: member.cookie });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual(expected);
}

async function fetchBytes(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** A well-formed invitation code nobody was given (50 random bits). */
function randomCode(): string {
  return Array.from({ length: INVITE_CODE_LENGTH }, () => INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)]).join('');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Deletes the shared Redis's throttle entries for these clients (keys end in the address or e-mail). */
async function forgetThrottles(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    for (const key of keys) {
      const found = await redis.keys(`*:${key.replace(/[*?[\]\\]/g, '\\$&')}`);
      if (found.length > 0) await redis.del(...found);
    }
  } finally {
    redis.disconnect();
  }
}

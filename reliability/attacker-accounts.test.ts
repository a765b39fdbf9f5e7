// The attacks of issue 13 on accounts, against a real server process behind a proxy (TRUST_PROXY,
// each client its own X-Forwarded-For): nobody can lock a member out with wrong passwords, probe
// who is a member with one code, sign someone out from another site, or guess codes quickly by
// spreading the guesses over many addresses; an expired code is refused; common passwords are
// refused; a reset request tells nobody who is a member; a member ends a stolen session.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '../shared/constants';
import { apiClient, sessionCookie } from '../e2e/api-client';
import { SIGNIN_ACCOUNT_SLOWDOWN, SIGNUP_CODE_RULE } from '../server/features/accounts/accounts.service';
import { CODE_GUESS_SLOWDOWN } from '../server/features/accounts/invitations.service';
import { ENGINES } from '../server/test/build-test-app';
import { createMember, createMembers, newMemberDetails } from './harness/members';
import { inviteCodes, withServerDatabase } from './harness/server-database';
import { startServer, stopAllServers, tempDataDir, type TServerProcess } from './harness/server-process';
import { throwawayPostgresDatabase, type TThrowawayDatabase } from './harness/throwaway-postgres';

const randomCode = () => Array.from({ length: INVITE_CODE_LENGTH }, () => INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)]).join('');

let addressCount = 0;
/** A client address of its own, as the proxy in front of the server reports it. */
function newAddress(): string {
  addressCount += 1;
  return `10.${Math.floor(addressCount / 250) % 250}.${addressCount % 250}.${randomInt(1, 255)}`;
}

describe.each(ENGINES)('attacks on accounts, on %s', (engine) => {
  const data = tempDataDir('attacker-');
  let database: TThrowawayDatabase | undefined;
  let server: TServerProcess;

  /** A request from a client at `address`, through the proxy. */
  const from = (address: string, method: string, path: string, options: { json?: unknown; cookie?: string; headers?: Record<string, string> } = {}) =>
    apiClient(server.url).request(method, path, { ...options, headers: { 'x-forwarded-for': address, ...options.headers } });

  /** The answer and how long it took, in ms. */
  async function timed(request: Promise<Response>): Promise<{ status: number; ms: number; response: Response }> {
    const started = performance.now();
    const response = await request;
    await response.clone().arrayBuffer();
    return { status: response.status, ms: performance.now() - started, response };
  }

  beforeAll(async () => {
    if (engine === 'postgres') database = await throwawayPostgresDatabase(process.env.TEST_DATABASE_URL!);
    server = await startServer({ dataDir: data.dir, env: { TRUST_PROXY: 'true', ...(database ? { DATABASE_URL: database.url } : {}) } });
    await server.waitReady();
  });

  afterAll(async () => {
    await stopAllServers();
    await database?.drop();
    data.remove();
  });

  it("does not lock the owner out: 8 wrong passwords from other addresses, then the owner's right one from theirs signs in, only slowed down", async () => {
    const owner = await createMember(server);
    for (let i = 0; i < 8; i += 1) {
      expect((await from(newAddress(), 'POST', '/api/auth/signin', { json: { email: owner.email, password: `wrong-guess-${i}` } })).status).toBe(401);
    }
    const signin = await timed(from(newAddress(), 'POST', '/api/auth/signin', { json: { email: owner.email, password: owner.password } }));
    expect(signin.status).toBe(200);
    // After 8 failures: 250 ms doubled three times.
    expect(signin.ms).toBeGreaterThanOrEqual(SIGNIN_ACCOUNT_SLOWDOWN.firstDelayMs * 8 - 50);
    const cookie = sessionCookie(signin.response);
    expect(await (await from(newAddress(), 'GET', '/api/auth/me', { cookie })).json()).not.toBeNull();
  });

  it(`lets one invitation code test at most ${SIGNUP_CODE_RULE.points} e-mails for membership`, async () => {
    const members = await createMembers(server, SIGNUP_CODE_RULE.points + 1);
    const [code] = await inviteCodes(server, 1);
    const statuses: number[] = [];
    for (const member of members) {
      const probe = newMemberDetails({ email: member.email });
      statuses.push((await from(newAddress(), 'POST', '/api/auth/signup', { json: { ...probe, invitationCode: code } })).status);
    }
    expect(statuses).toEqual([...Array<number>(SIGNUP_CODE_RULE.points).fill(409), 429]);
  });

  it('keeps the session on a cross-site GET /api/logout, and signs out on our own link', async () => {
    const member = await createMember(server);
    const address = newAddress();
    // Not followed: the server serves no client here, and the answer itself is the point.
    const logout = (site: string) =>
      fetch(`${server.url}/api/logout`, { redirect: 'manual', headers: { cookie: `sid=${member.cookie}`, 'sec-fetch-site': site, 'x-forwarded-for': address } });
    for (const site of ['cross-site', 'same-site']) {
      const response = await logout(site);
      expect([response.status, response.headers.get('location')]).toEqual([302, '/']);
      expect(await (await from(address, 'GET', '/api/auth/me', { cookie: member.cookie })).json()).not.toBeNull();
    }
    expect((await logout('same-origin')).status).toBe(302);
    expect(await (await from(address, 'GET', '/api/auth/me', { cookie: member.cookie })).json()).toBeNull();
  });

  it('refuses an expired invitation code with 410 on validation and sign-up', async () => {
    const [code] = await inviteCodes(server, 1);
    const madeLongAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await withServerDatabase(server, ({ db }) => db.updateTable('invitation_codes').set({ created_at: madeLongAgo }).where('code', '=', code!).execute());
    const address = newAddress();
    const validate = await from(address, 'POST', '/api/invitation-codes/validate', { json: { code } });
    expect([validate.status, await validate.json()]).toEqual([410, { message: 'This invitation code has expired' }]);
    const signup = await from(address, 'POST', '/api/auth/signup', { json: { ...newMemberDetails(), invitationCode: code } });
    expect([signup.status, await signup.json()]).toEqual([410, { message: 'This invitation code has expired' }]);
  });

  it("refuses 'password', '12345678' and a password made of the member's name at sign-up, and the code stays good", async () => {
    const [code] = await inviteCodes(server, 1);
    for (const password of ['password', '12345678', 'Lovelace1815!']) {
      const refused = await from(newAddress(), 'POST', '/api/auth/signup', { json: { ...newMemberDetails({ lastName: 'Lovelace', password }), invitationCode: code } });
      expect(refused.status).toBe(400);
    }
    const accepted = await from(newAddress(), 'POST', '/api/auth/signup', { json: { ...newMemberDetails({ lastName: 'Lovelace' }), invitationCode: code } });
    expect(accepted.status).toBe(201);
  });

  it('answers a password reset request alike for a member and a stranger', async () => {
    const member = await createMember(server);
    const ask = async (email: string) => {
      const answer = await from(newAddress(), 'POST', '/api/auth/password/forgot', { json: { email } });
      return [answer.status, await answer.text()];
    };
    const forMember = await ask(member.email);
    expect(forMember[0]).toBe(202);
    expect(await ask(newMemberDetails().email)).toEqual(forMember);
  });

  it('lets a member see a session someone else started with their password and end it', async () => {
    const member = await createMember(server);
    const signin = await from(newAddress(), 'POST', '/api/auth/signin', {
      json: { email: member.email, password: member.password },
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
    });
    const stolen = sessionCookie(signin);
    const address = newAddress();
    const sessions = (await (await from(address, 'GET', '/api/auth/sessions', { cookie: member.cookie })).json()) as { browser: string; os: string; current: boolean }[];
    expect(sessions.map(({ current }) => current)).toEqual([true, false]);
    expect(sessions[1]).toMatchObject({ browser: expect.stringContaining('Chrome'), os: expect.stringContaining('Windows') });
    const ended = await from(address, 'POST', '/api/auth/sessions/end-others', { cookie: member.cookie });
    expect([ended.status, await ended.json()]).toEqual([200, { ended: 1 }]);
    expect(await (await from(newAddress(), 'GET', '/api/auth/me', { cookie: stolen })).json()).toBeNull();
    expect(await (await from(address, 'GET', '/api/auth/me', { cookie: member.cookie })).json()).not.toBeNull();
  });

  it(`slows code guessing from 200 addresses down once there have been ${CODE_GUESS_SLOWDOWN.freeFailures}, and refuses none of them`, async () => {
    const guess = () => timed(from(newAddress(), 'POST', '/api/invitation-codes/validate', { json: { code: randomCode() } }));
    const free: number[] = [];
    for (let batch = 0; batch < CODE_GUESS_SLOWDOWN.freeFailures / 10; batch += 1) free.push(...(await Promise.all(Array.from({ length: 10 }, guess))).map((answer) => answer.status));
    expect(free).toEqual(Array<number>(CODE_GUESS_SLOWDOWN.freeFailures).fill(404));
    // The next 100, each from an address never seen before, all at once: every one waits.
    const slowed = await Promise.all(Array.from({ length: 100 }, guess));
    expect(slowed.map((answer) => answer.status)).toEqual(Array<number>(100).fill(404));
    for (const answer of slowed) expect(answer.ms).toBeGreaterThanOrEqual(CODE_GUESS_SLOWDOWN.firstDelayMs - 10);
    // 200 failures on the clock (this runs last: it slows every later guess): the next one waits the longest.
    const next = await guess();
    expect(next.status).toBe(404);
    expect(next.ms).toBeGreaterThanOrEqual(CODE_GUESS_SLOWDOWN.maxDelayMs - 50);
  });

});

// The harness the other reliability tests stand on: what it promises about processes and members.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../e2e/api-client';
import { createMember, type TApiMember } from './members';
import { startServer, stopAllServers, tempDataDir, type TServerProcess, type TTempDir } from './server-process';
import { processIsRunning } from '../../server/features/media/temp-files';

let data: TTempDir;
let server: TServerProcess;
let member: TApiMember;

beforeAll(() => {
  data = tempDataDir();
});

afterAll(async () => {
  await stopAllServers();
  data.remove();
});


describe('server process harness', () => {
  it('starts a server that becomes ready and signs members up with their own session', async () => {
    server = await startServer({ dataDir: data.dir });
    await server.waitReady();
    member = await createMember(server);
    const me = await apiClient(server.url).getJson<{ id: number; email: string }>('/api/auth/me', member.cookie);
    expect(me).toMatchObject({ id: member.id, email: member.email });
  });

  it('stops gracefully with SIGTERM and exits 0', async () => {
    const exit = await server.stop();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(processIsRunning(server.pid)).toBe(false);
  });

  it('starts again on the same port and data, and kill() ends it with SIGKILL', async () => {
    server = await startServer(server.options);
    await server.waitReady();
    expect(server.url).toBe(`http://127.0.0.1:${server.options.port}`);
    const me = await apiClient(server.url).getJson<{ id: number }>('/api/auth/me', member.cookie);
    expect(me.id).toBe(member.id);
    const exit = await server.kill();
    expect(exit.signal).toBe('SIGKILL');
    expect(processIsRunning(server.pid)).toBe(false);
  });

  it('refuses to call a server ready when it cannot start, with its output in the error', async () => {
    const broken = await startServer({ dataDir: data.dir, env: { DATABASE_URL: 'not-a-url' } });
    await expect(broken.waitReady(20_000)).rejects.toThrow(/DATABASE_URL/);
    expect((await broken.exited).code).not.toBe(0);
  });
});

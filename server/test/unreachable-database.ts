// Databases that are not there, for outage tests: one that refuses connections, one that
// accepts them and never answers, and the app built over such a database.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { TDatabase } from '../db/connect';
import type { TReadiness } from '../ops/readiness';

/** A PostgreSQL URL on a port where nothing listens: every connection is refused at once. */
export const REFUSING_DATABASE_URL = 'postgres://postgres@127.0.0.1:1/unreachable';

/** A TCP server that accepts connections and never says a word: a database that hangs. */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/hanging`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The whole app over a database that may not be there (nothing is migrated). */
export async function appOver(database: TDatabase, readiness?: TReadiness): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false, ...(readiness ? { readiness } : {}) });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How long the work took: outages must be answered fast, not just answered. */
export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const startedAt = performance.now();
  const result = await work();
  return { result, ms: performance.now() - startedAt };
}

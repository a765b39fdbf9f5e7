// Builds the whole app on an empty, migrated database of either engine, for API tests.
// SQLite: a file in a temporary folder. PostgreSQL: a schema of its own in TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { createStorage } from '../adapters/storage/create-storage';
import type { TStorage } from '../adapters/storage/storage';
import { buildApp, type TAppDeps } from '../app';
import { loadConfig, type TConfig } from '../config';
import type { TContext } from '../context';
import { connect, SQLITE_FILE, type Engine, type TDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { createBackgroundWork } from '../lib/background-work';
import { createReadCache } from '../lib/read-cache';
import { createViewBuffer } from '../lib/view-buffer';
import { flushViewCounts } from '../features/projects/view-counts';
import type { TThrottleStore } from '../http/rate-limit';

/** The engines the API suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TTestApp {
  app: FastifyInstance;
  ctx: TContext;
  database: TDatabase;
  config: TConfig;
  clock: { now: Date; advance(ms: number): void };
  /** Resolves once the work requests started without waiting for it is done (a reset e-mail queued). */
  settled(): Promise<void>;
  /** Writes the counted views still waiting for their batch (the app writes them every second). */
  flushViews(): Promise<void>;
  /** Each wait a slowdown asked for (sign-in, code guessing), in ms: the test app records them instead of waiting. */
  sleeps: number[];
  close(): Promise<void>;
}

export interface TTestAppOptions {
  /** false turns the read cache off, for a test about what the app does without it (production has it on). */
  readCache?: boolean;
  /** Broadcast the read cache's invalidations through Redis (two processes sharing a database), on a channel of the test's own. */
  readCacheBus?: { redisUrl: string; channel: string };
  env?: Record<string, string>;
  throttleStore?: TThrottleStore;
  /** Reuse another test app's database (for two processes sharing one). */
  shareWith?: TTestApp;
  /** Told when a message's e-mail is queued (main.ts kicks its outbox worker there). */
  onMailQueued?: () => void;
  /** Told of each route as it is added (see buildApp). */
  onRoute?: TAppDeps['onRoute'];
  /** Wraps the app's storage (a storage whose deletes fail, say). */
  storage?: (storage: TStorage) => TStorage;
  /** The uploads' disk guard asks this for the free bytes (a full disk, played). */
  freeDiskSpace?: TAppDeps['freeDiskSpace'];
  /** How often counted views are written by themselves; by default not within a test (flushViews() writes them, and closing the app). */
  viewFlushEveryMs?: number;
  /** Whether no other process counts views (as in production: without Redis); false makes it look each new view up. */
  viewsAlone?: boolean;
}

/** Longer than any test: a test's counted views are written when it says so (flushViews), never by a timer in the middle of it. */
const TEST_VIEW_FLUSH_EVERY_MS = 60 * 60 * 1000;

/**
 * Kysely's migrator (and its introspection) reads every schema of the database, and a schema
 * another test process drops meanwhile fails that read ('schema … does not exist'). So schemas
 * are dropped under an exclusive advisory lock, and created and migrated, or read across, under
 * a shared one: test files then run side by side on one database. The lock is the session's,
 * released when its connection ends.
 */
const SCHEMA_CHANGES_LOCK = 26_061_206;

async function holdingSchemaLock<T>(mode: 'shared' | 'exclusive', work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)', [SCHEMA_CHANGES_LOCK]);
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Changes a table's shape (a test that renames one away) while no other test reads across the
 * database's schemas: PostgreSQL's introspection of every table fails when one goes mid-read.
 * The test apps' schemas in use are not reused afterwards (see spareSchemas).
 */
export function whileChangingSchema<T>(engine: Engine, work: () => Promise<T>): Promise<T> {
  for (const schema of schemasInUse) reshapedSchemas.add(schema);
  return engine === 'postgres' ? holdingSchemaLock('exclusive', () => work()) : work();
}

/** Runs a read across the database's schemas (introspection) while no test schema is being dropped. */
export function whileNoSchemaIsDropped<T>(engine: Engine, work: () => Promise<T>): Promise<T> {
  return engine === 'postgres' ? holdingSchemaLock('shared', () => work()) : work();
}

/** A new PostgreSQL schema in TEST_DATABASE_URL, migrated, and a connection to it. */
async function newSchema(dataDir: string): Promise<{ schema: string; database: TDatabase }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database = await holdingSchemaLock('shared', async (admin) => {
    await admin.query(`create schema ${schema}`);
    const connected = connect({ dataDir, databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: schema });
    await migrateToLatest(connected.db, 'postgres', schema);
    return connected;
  });
  return { schema, database };
}

function dropSchemas(schemas: string[]): Promise<void> {
  return holdingSchemaLock('exclusive', async (admin) => void (await admin.query(`drop schema ${schemas.join(', ')} cascade`)));
}

/** A fresh, migrated database of the given engine. */
export async function freshDatabase(engine: Engine, dataDir: string): Promise<{ database: TDatabase; drop(): Promise<void> }> {
  if (engine === 'sqlite') {
    const database = connect({ dataDir });
    await migrateToLatest(database.db, 'sqlite');
    return { database, drop: async () => {} };
  }
  const { schema, database } = await newSchema(dataDir);
  return { database, drop: () => dropSchemas([schema]) };
}

/**
 * PostgreSQL schemas a test app of this file has finished with, emptied, for its next test app:
 * creating and migrating a schema costs about 200 ms (and dropping it 50 ms, under the exclusive
 * lock every other test process waits for), emptying its tables a few ms. The API suite builds
 * about 600 apps on PostgreSQL. A schema whose shape a test changed is dropped instead; the spare
 * ones are dropped when the file's tests end.
 */
const spareSchemas: string[] = [];
const schemasInUse = new Set<string>();
const reshapedSchemas = new Set<string>();
/** On SQLite, a file migrated once for the file's tests and copied for each app (migrating costs ~45 ms, a copy ~1). */
let migratedSqliteFile: Promise<{ dir: string; file: string }> | null = null;
/**
 * Drops the spare schemas and the migrated SQLite file once a test file is done with them:
 * registered for every API test file by server/test/file-databases.setup.ts (the files share
 * their modules, so a hook registered here, on import, would run for the first file only), and
 * by any other file that builds test apps (reliability/hostile-input.test.ts, the api-mocks files).
 */
export async function releaseFileDatabases(): Promise<void> {
  const spares = spareSchemas.splice(0);
  if (spares.length > 0) await dropSchemas(spares);
  if (migratedSqliteFile) rmSync((await migratedSqliteFile).dir, { recursive: true, force: true });
  migratedSqliteFile = null;
}

function migratedSqlite(): Promise<{ dir: string; file: string }> {
  migratedSqliteFile ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-sqlite-migrated-'));
    const database = connect({ dataDir: dir });
    await migrateToLatest(database.db, 'sqlite');
    // Closed: everything is in the file itself, none of it left in a WAL beside it.
    await database.close();
    return { dir, file: join(dir, SQLITE_FILE) };
  })();
  return migratedSqliteFile;
}

/** A migrated, empty database for a test app: on SQLite a copy of one migrated file, on PostgreSQL a spare schema when there is one. */
async function testAppDatabase(engine: Engine, dataDir: string): Promise<{ database: TDatabase; drop(): Promise<void> }> {
  if (engine === 'sqlite') {
    copyFileSync((await migratedSqlite()).file, join(dataDir, SQLITE_FILE));
    return { database: connect({ dataDir }), drop: async () => {} };
  }
  const spare = spareSchemas.pop();
  const { schema, database } = spare
    ? { schema: spare, database: connect({ dataDir, databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: spare }) }
    : await newSchema(dataDir);
  schemasInUse.add(schema);
  return {
    database,
    async drop() {
      schemasInUse.delete(schema);
      if (reshapedSchemas.delete(schema)) return dropSchemas([schema]);
      await emptySchema(schema);
      spareSchemas.push(schema);
    },
  };
}

/** Every table of the schema emptied and its ids started again, the migrations' own record kept. */
async function emptySchema(schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = $1 and tablename not like 'kysely\\_%'`, [schema]);
    if (rows.length > 0) await admin.query(`truncate ${rows.map((row) => `${schema}."${row.tablename}"`).join(', ')} restart identity cascade`);
  } finally {
    await admin.end();
  }
}

export async function buildTestApp(engine: Engine, options: TTestAppOptions = {}): Promise<TTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `api-${engine}-`));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const shared = options.shareWith;
  const fresh = shared ? null : await testAppDatabase(engine, dataDir);
  const database = shared ? shared.database : fresh!.database;
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  // Real time flows from the clock's setting, so advance() jumps ahead like a fake clock.
  const startedAt = Date.now();
  const now = () => new Date(clock.now.getTime() + (Date.now() - startedAt));
  const storage = options.storage ? options.storage(createStorage(config.storage)) : createStorage(config.storage);
  // On, as in production: factories that write rows behind the app's back tell it what they
  // changed. Its TTL runs on the app's clock: an advance() past it leaves nothing to serve.
  const readCache = createReadCache({ enabled: options.readCache ?? true, maxBytes: config.readCacheBytes, ...options.readCacheBus, clock: () => now().getTime() });
  const backgroundWork = createBackgroundWork();
  const views = createViewBuffer({ alone: options.viewsAlone ?? !options.readCacheBus });
  const sleeps: number[] = [];
  const app = await buildApp({
    config,
    database,
    now,
    storage,
    readCache,
    views,
    viewFlushEveryMs: options.viewFlushEveryMs ?? TEST_VIEW_FLUSH_EVERY_MS,
    backgroundWork,
    logger: false,
    sleep: async (ms) => void sleeps.push(ms),
    ...(options.throttleStore ? { throttleStore: options.throttleStore } : {}),
    ...(options.onMailQueued ? { onMailQueued: options.onMailQueued } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.freeDiskSpace ? { freeDiskSpace: options.freeDiskSpace } : {}),
  });
  await app.ready();
  const ctx: TContext = { db: database.db, engine, slowReads: database.slowReads, config, now, storage, readCache, views, log: app.log };
  return {
    app,
    ctx,
    database,
    config,
    clock,
    settled: () => backgroundWork.settled(),
    flushViews: () => flushViewCounts(ctx),
    sleeps,
    async close() {
      await app.close();
      await readCache.close();
      if (fresh) {
        await database.close();
        await fresh.drop();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on the test app's database that also serves a client build made of this
 * index.html (pages, their meta tags); it has a read cache of its own. Close it before `t`.
 */
export async function buildAppServingClient(t: TTestApp, indexHtml: string): Promise<FastifyInstance> {
  const clientDir = join(t.config.dataDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), indexHtml);
  return buildApp({ config: t.config, database: t.database, clientDir, logger: false, storage: t.ctx.storage });
}

/** Row counts, for asserting that nothing was written. */
export async function countRows(ctx: TContext, table: 'users' | 'sessions' | 'invitation_codes' | 'messages' | 'outbox'): Promise<number> {
  const row = await ctx.db.selectFrom(table).select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

// The data the bench runs on: the database the environment describes, or (smoke runs) a
// throwaway one seeded small — a temporary SQLite DATA_DIR, or a fresh PostgreSQL database.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createStorage } from '../server/adapters/storage/create-storage';
import { loadConfig, type TConfig } from '../server/config';
import { connect, type Engine } from '../server/db/connect';
import { openDatabase } from '../server/db/open';
import { SCALE_EMAIL_DOMAIN, SCALE_PASSWORD, seedScale } from './seed-scale';

/**
 * Small enough to seed in seconds, big enough for a deep page and a distinct project per
 * connection; two artworks, because drawing the media library is most of the seed's time.
 */
const SMOKE_SIZE = { projects: 240, users: 40, likes: 1200, images: 2 };
/** The soak's throwaway dataset: enough distinct projects, tags and words to fill the read cache. */
export const SOAK_SIZE = { projects: 3000, users: 300, likes: 30_000, images: 2 };
/** Members the signed-in mix signs in as: few, because sign-in is throttled per IP (30 per 15 min). */
const SIGNED_IN_MEMBERS = 5;

export interface TDataset {
  engine: Engine;
  counts: { users: number; projects: number; media: number; likes: number; follows: number; liveJobs: number };
  /** Seeded members to sign in as. */
  accounts: { email: string; password: string }[];
}

/** Counts and sign-in accounts, read straight from the database (nothing is created or migrated). */
export async function readDataset(config: TConfig, options: { members?: number } = {}): Promise<TDataset> {
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  // connect() would create an empty SQLite file: a missing one simply means no data yet.
  if (engine === 'sqlite' && !existsSync(join(config.dataDir, 'app.db'))) {
    return { engine, counts: { users: 0, projects: 0, media: 0, likes: 0, follows: 0, liveJobs: 0 }, accounts: [] };
  }
  const database = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { db } = database;
    const count = async (table: 'users' | 'projects' | 'project_media' | 'likes' | 'follows') =>
      Number((await db.selectFrom(table).select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow()).count);
    const liveJobs = await db.selectFrom('jobs').select(sql<number>`count(*)`.as('count')).where('status', '=', 'active').executeTakeFirstOrThrow();
    const members = await db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', `%@${SCALE_EMAIL_DOMAIN}`)
      .orderBy('id')
      .limit(options.members ?? SIGNED_IN_MEMBERS)
      .execute();
    return {
      engine,
      counts: {
        users: await count('users'),
        projects: await count('projects'),
        media: await count('project_media'),
        likes: await count('likes'),
        follows: await count('follows'),
        liveJobs: Number(liveJobs.count),
      },
      accounts: members.map((member) => ({ email: member.email, password: SCALE_PASSWORD })),
    };
  } finally {
    await database.close();
  }
}

/** The PostgreSQL URL with another database name. */
function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A throwaway dataset for the smoke run, on the engine the environment names. `onCleanup`
 * is told how to remove it before anything is seeded, so a failure halfway still cleans up.
 * Answers the environment variables the server needs to use it.
 */
export async function seedSmokeDataset(
  env: NodeJS.ProcessEnv,
  onCleanup: (cleanup: () => Promise<void>) => void,
  size: typeof SMOKE_SIZE = SMOKE_SIZE,
): Promise<{ DATA_DIR: string; DATABASE_URL: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-smoke-'));
  onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  if (env.DATABASE_URL) {
    const name = `bench_smoke_${randomBytes(6).toString('hex')}`;
    await onPostgres(env.DATABASE_URL, `create database ${name}`);
    onCleanup(() => onPostgres(env.DATABASE_URL!, `drop database if exists ${name} with (force)`));
    databaseUrl = withDatabase(env.DATABASE_URL, name);
  }
  const config = loadConfig({ ...env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const { database } = await openDatabase(config);
  try {
    await seedScale(database, createStorage(config.storage), size);
  } finally {
    await database.close();
  }
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
}

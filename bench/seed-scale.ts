// `npm run seed:scale -- --projects 100000 --users 10000 --likes 1000000`: fills an empty
// database (SQLite, or PostgreSQL with DATABASE_URL) with realistic data at scale, in batched
// inserts inside transactions, for benchmarks. Repeatable: the same --seed draws the same data.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { TRENDING_WEIGHTS } from '../shared/constants';
import { createStorage } from '../server/adapters/storage/create-storage';
import type { TStorage } from '../server/adapters/storage/storage';
import { loadConfigOrExit } from '../server/config';
import { withoutStatementTimeout, type Engine, type TDatabase } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { openDatabase } from '../server/db/open';
import { hashPassword } from '../server/features/accounts/passwords';
import { rebuildSearchIndex } from '../server/features/projects/projects.service';
import { KEEP_VIEWS_DAYS, pruneOldViews } from '../server/features/social/social.service';
import { advanceIdSequences, countExistingRows, countRows, emptyAllTables, prepareForBulkLoad, refreshStatistics, setAsideIndexes } from './scale/bulk-sql';
import { createDraw } from './scale/draw';
import { seedEngagement } from './scale/engagement';
import { seedJobs } from './scale/jobs';
import { writeMediaLibrary } from './scale/media-library';
import { scaleEmail, SCALE_EMAIL_DOMAIN, seedFollows, seedMembers } from './scale/members';
import { seedProjects } from './scale/projects';
import { SEEDED_TABLES, TABLES_WITH_IDS } from './scale/tables';

export { scaleEmail, SCALE_EMAIL_DOMAIN };

/** Every seeded member signs in with this password (one argon2id hash, computed once). */
export const SCALE_PASSWORD = 'scale-password-123';

export interface TSeedScaleOptions {
  projects: number;
  users: number;
  likes: number;
  /** Default: 8 per member (at most half of all possible pairs). */
  follows?: number;
  /** Live job listings; half as many ended ones and a few unpaid ones come with them. Default 300. */
  jobs?: number;
  /** Default 1. */
  seed?: number;
  /** Distinct artworks drawn into storage for the media rows to share. Default 12. */
  images?: number;
  /** Empty every table first (otherwise a database with data is refused). */
  reset?: boolean;
  /** The present moment of the seeded history. Default: now. */
  now?: Date;
}

export interface TSeedScaleSummary {
  /** Rows in each seeded table afterwards. */
  rows: Record<(typeof SEEDED_TABLES)[number], number>;
  phases: { name: string; ms: number }[];
  totalMs: number;
}

/** A request the seed cannot carry out: bad numbers, or data already in the database. */
export class SeedScaleError extends Error {}

const DEFAULT_FOLLOWS_PER_MEMBER = 8;
const DEFAULT_LIVE_JOBS = 300;
const DEFAULT_IMAGES = 12;

function wholeNumber(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) throw new SeedScaleError(`--${name} must be a whole number of at least ${min} (got ${value})`);
  return value;
}

function settingsOf(options: TSeedScaleOptions) {
  const users = wholeNumber('users', options.users, 1);
  const projects = wholeNumber('projects', options.projects, 0);
  const likes = wholeNumber('likes', options.likes, 0);
  // Half of all pairs at most by default, so small runs stay possible.
  const follows = wholeNumber('follows', options.follows ?? Math.min(users * DEFAULT_FOLLOWS_PER_MEMBER, Math.floor((users * (users - 1)) / 2)), 0);
  if (likes > projects * users) throw new SeedScaleError(`--likes cannot exceed projects × users (${projects * users}): a member likes a project at most once`);
  if (follows > users * (users - 1)) throw new SeedScaleError(`--follows cannot exceed users × (users − 1) (${users * (users - 1)}): a member follows another at most once`);
  return {
    users,
    projects,
    likes,
    follows,
    jobs: wholeNumber('jobs', options.jobs ?? DEFAULT_LIVE_JOBS, 0),
    seed: wholeNumber('seed', options.seed ?? 1, 0),
    images: wholeNumber('images', options.images ?? DEFAULT_IMAGES, 1),
    now: (options.now ?? new Date()).getTime(),
  };
}

/** Whether the tables must be emptied first; refuses to mix seeded rows with existing data unless asked to. */
async function needsEmptying(database: TDatabase, reset: boolean): Promise<boolean> {
  const existing = await countExistingRows(database.db);
  const held = Object.entries(existing).filter(([, count]) => count > 0);
  if (held.length && !reset) {
    const described = held.map(([table, count]) => `${count} ${table.replace('_', ' ')}`).join(', ');
    throw new SeedScaleError(`The database already holds data (${described}). seed:scale never mixes its rows with others: run it with --reset to empty every table first.`);
  }
  return held.length > 0;
}

/** Every project's counters from the rows they count, in one statement. */
async function countLikesAndViews(db: Kysely<Database>): Promise<void> {
  await sql`update projects set likes_count = counted.likes, views_count = counted.views, trending_score = counted.likes * ${sql.lit(TRENDING_WEIGHTS.likes)} + counted.views * ${sql.lit(TRENDING_WEIGHTS.views)}
    from (
      select project_id, sum(likes) as likes, sum(views) as views from (
        select project_id, count(*) as likes, 0 as views from likes group by project_id
        union all
        select project_id, 0 as likes, count(*) as views from project_views group by project_id
      ) as parts group by project_id
    ) as counted
    where counted.project_id = projects.id`.execute(db);
}

/**
 * A live site keeps view rows only for the last KEEP_VIEWS_DAYS days (housekeeping deletes the
 * rest; the counters keep every view). Seeded with two years of them, the first start of a
 * server spent its first minutes deleting millions of rows, and the bench measured that. So the
 * seed runs that housekeeping itself, in one statement.
 */
function pruneViewRows(db: Kysely<Database>, engine: Engine, now: number): Promise<number> {
  return pruneOldViews({ db, engine, now: () => new Date(now) }, { batchSize: Number.MAX_SAFE_INTEGER });
}

/**
 * Fills the database: members (an invite tree, one shared password), projects with
 * categories, tags and media, likes, views, follows and jobs; then the counters, the search
 * index and the planner statistics. All rows go in one transaction: a seed that fails or is
 * interrupted leaves the database as it found it. `log` hears progress.
 */
export async function seedScale(database: TDatabase, storage: TStorage, options: TSeedScaleOptions, log: (line: string) => void = () => {}): Promise<TSeedScaleSummary> {
  const settings = settingsOf(options);
  const { engine } = database;
  const started = performance.now();
  const phases: TSeedScaleSummary['phases'] = [];
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    log(`${name}…`);
    const phaseStarted = performance.now();
    const result = await work();
    const ms = performance.now() - phaseStarted;
    phases.push({ name, ms });
    log(`${name}: ${(ms / 1000).toFixed(1)} s`);
    return result;
  };
  // Each phase draws from its own stream: changing one phase leaves the others' data as it was.
  const drawFor = (stream: number) => createDraw(settings.seed * 7919 + stream);

  const mustEmpty = await needsEmptying(database, options.reset ?? false);
  const library = await phase('media library', () => writeMediaLibrary(storage, { images: settings.images, seed: settings.seed }));
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const avatarUrls = library.images.map((item) => item.variants.card?.url ?? item.variants.full.url);

  await withoutStatementTimeout(database.db, engine, async (connection) => {
    await prepareForBulkLoad(connection, engine);
    await connection.transaction().execute(async (db) => {
      if (mustEmpty) await phase('emptying every table', () => emptyAllTables(db, engine));
      const restoreIndexes = await setAsideIndexes(db, engine, SEEDED_TABLES);
      const members = await phase(`${settings.users} members and their invitation codes`, () =>
        seedMembers(db, engine, drawFor(1), { count: settings.users, now: settings.now, passwordHash, avatarUrls }),
      );
      const projects = await phase(`${settings.projects} projects with categories, tags and media`, () =>
        seedProjects(db, engine, drawFor(2), { count: settings.projects, members, library, now: settings.now }),
      );
      await phase(`${settings.likes} likes and their views`, () => seedEngagement(db, engine, drawFor(3), { likes: settings.likes, members, projects, now: settings.now, log }));
      await phase(`${settings.follows} follows`, () => seedFollows(db, engine, drawFor(4), { count: settings.follows, members, projectsPerMember: projects.perMember, now: settings.now }));
      await phase(`${settings.jobs} live jobs and their history`, () => seedJobs(db, engine, drawFor(5), { live: settings.jobs, members, now: settings.now }));
      await phase('likes and views counters', () => countLikesAndViews(db));
      await phase(`view rows older than ${KEEP_VIEWS_DAYS} days pruned, as housekeeping keeps them`, () => pruneViewRows(db, engine, settings.now));
      await phase('search index', () => rebuildSearchIndex({ db, engine }));
      await phase('indexes and foreign keys', restoreIndexes);
      await advanceIdSequences(db, engine, TABLES_WITH_IDS);
    });
    await phase('planner statistics', () => refreshStatistics(connection, engine, SEEDED_TABLES));
  });
  return { rows: await countRows(database.db, SEEDED_TABLES), phases, totalMs: performance.now() - started };
}

const USAGE = 'Usage: npm run seed:scale -- [--projects 100000] [--users 10000] [--likes 1000000] [--follows N] [--jobs 300] [--seed 1] [--reset]';

/** Command-line options as seedScale takes them; a bad value is a SeedScaleError naming it. */
export function parseSeedScaleArgs(args: string[]): TSeedScaleOptions {
  const count = { type: 'string' } as const;
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { projects: count, users: count, likes: count, follows: count, jobs: count, seed: count, reset: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new SeedScaleError(`${(error as Error).message}\n${USAGE}`);
  }
  const number = (name: 'projects' | 'users' | 'likes' | 'follows' | 'jobs' | 'seed', fallback?: number): number | undefined => {
    const text = values[name];
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text)) throw new SeedScaleError(`--${name} must be a whole number (got "${text}")\n${USAGE}`);
    return Number(text);
  };
  return {
    projects: number('projects', 100_000)!,
    users: number('users', 10_000)!,
    likes: number('likes', 1_000_000)!,
    follows: number('follows'),
    jobs: number('jobs'),
    seed: number('seed'),
    reset: values.reset ?? false,
  };
}

async function main(): Promise<void> {
  let options: TSeedScaleOptions;
  try {
    options = parseSeedScaleArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SeedScaleError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const config = loadConfigOrExit();
  const { database } = await openDatabase(config);
  try {
    const where = database.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`;
    process.stderr.write(`Seeding ${where}…\n`);
    const summary = await seedScale(database, createStorage(config.storage), options, (line) => process.stderr.write(`${line}\n`));
    console.log(`Seeded ${where} in ${(summary.totalMs / 1000).toFixed(1)} s:`);
    console.log(`  ${Object.entries(summary.rows).map(([table, count]) => `${table} ${count}`).join(', ')}`);
    for (const { name, ms } of summary.phases) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
    console.log(`Sign in as ${scaleEmail(1)} … ${scaleEmail(summary.rows.users)} with the password ${SCALE_PASSWORD}.`);
  } catch (error) {
    if (!(error instanceof SeedScaleError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();

// A throwaway PostgreSQL cluster of our own (initdb into a temp folder, its own port), so a test
// can stop, crash and restart the database without touching the shared server on 5432.
// Durability settings are PostgreSQL's defaults (fsync on, synchronous_commit on): a commit the
// server acknowledged is in the WAL on disk, so it must survive even an `immediate` stop, which
// skips the shutdown checkpoint exactly like a crash and makes the next start replay the WAL.
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../server/test/free-port';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
const OS_USER = 'postgres';

/** `fast`: disconnect clients, checkpoint, exit. `immediate`: exit at once, as if the server crashed. */
export type TStopMode = 'fast' | 'immediate';

export interface TPrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:port/<database> (trust authentication; an admin URL for throwawayPostgresDatabase). */
  url(database?: string): string;
  start(): Promise<void>;
  stop(options?: { mode?: TStopMode }): Promise<void>;
  /** Stops the server (immediately) if it runs and removes its folder. Safe to call twice. */
  destroy(): Promise<void>;
}

/** The newest installed major version's binary folder (Debian's layout). */
function binDir(): string {
  const versions = readdirSync(PG_ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error(`No PostgreSQL under ${PG_ROOT}`);
  return join(PG_ROOT, versions[0], 'bin');
}

/** initdb and the server refuse to run as root: run PostgreSQL's tools as the postgres OS user. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return userInfo().uid === 0 ? ['runuser', ['-u', OS_USER, '--', command, ...args]] : [command, args];
}

export async function startPrivatePostgres(): Promise<TPrivatePostgres> {
  const bin = binDir();
  const root = mkdtempSync(join(tmpdir(), 'private-pg-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'server.log');
  const pgCtl = (args: string[]) => run(...asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, ...args]));
  // pg_ctl status exits 3 when no server runs.
  const isRunning = () => pgCtl(['status']).then(() => true, () => false);
  const serverLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-5000) : '');
  // A crashed or interrupted test run must not leave a postgres behind.
  const stopOnExit = () => {
    spawnSync(...asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, 'stop', '-m', 'immediate', '-w']), { stdio: 'ignore' });
  };
  let destroyed = false;

  const cluster: TPrivatePostgres = {
    port: await freePort(),
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${cluster.port}/${database}`,
    async start() {
      // The socket lives in our own folder, not /var/run/postgresql where the shared server's is.
      const serverOptions = `-p ${cluster.port} -k ${root} -c listen_addresses=127.0.0.1`;
      try {
        await pgCtl(['start', '-w', '-t', '30', '-l', logFile, '-o', serverOptions]);
      } catch (error) {
        throw new Error(`PostgreSQL did not start: ${String(error)}\n${serverLog()}`);
      }
    },
    async stop({ mode = 'fast' } = {}) {
      await pgCtl(['stop', '-w', '-t', '30', '-m', mode]);
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      process.off('exit', stopOnExit);
      if (await isRunning()) await cluster.stop({ mode: 'immediate' });
      rmSync(root, { recursive: true, force: true });
    },
  };

  try {
    if (userInfo().uid === 0) chownSync(root, Number(idOf('-u')), Number(idOf('-g')));
    // --no-sync: the initial files are made anew on every run, there is nothing to keep safe yet.
    await run(...asPostgres(join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']));
    process.once('exit', stopOnExit);
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}

/** The postgres OS user's uid or gid. */
function idOf(flag: '-u' | '-g'): string {
  const result = spawnSync('id', [flag, OS_USER], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`No '${OS_USER}' OS user to run PostgreSQL as: ${result.stderr}`);
  return result.stdout.trim();
}

import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take long alone. Vitest starts the largest files first (on a fresh clone it knows
 * no durations): bench/run.test.ts, small but two smoke runs of the bench (40 s), began late
 * and ran alone for the unit and API run's last 40 s.
 */
const LONG_FILES = ['bench/run.test.ts'];

const API_FOLDERS = ['server', 'bench'];
const API_TESTS = API_FOLDERS.map((folder) => `${folder}/**/*.test.ts`);

/**
 * The API test files that replace a module (vi.mock): found by reading them, so a new one cannot
 * land among the files sharing their modules, where an earlier file may have imported the real one.
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const MOCKING_API_TESTS = API_FOLDERS.flatMap((folder) =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts'))
    .map((path) => `${folder}/${path.split(sep).join('/')}`)
    .filter((path) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(ROOT, path), 'utf8'))),
);
/**
 * Argon2 and real databases: give each file room, run files side by side. expect.poll's default
 * second is short on a machine this busy (the smoke bench loads both cores beside these files): a
 * poll that waits on the server (a read held, a count reached) once ran out under load. A poll
 * ends at its first pass, so the longer wait costs nothing when it passes.
 */
const API_TIMEOUTS = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, expect: { poll: { timeout: 5_000 } } } as const;

/** Reliability files that drive sustained load (30 to 80 s) or crash the server 20 times under writes. */
const RELIABILITY_UNDER_LOAD = ['reliability/load.test.ts', 'reliability/memory-soak.test.ts', 'reliability/crash.test.ts'];
/**
 * A short file that drives no load, run in the load runs' line so the two lines end together. With
 * the rest, the other line once took 291 s against the load runs' 252 s (CI, 2026-12-04); with the
 * servers bundled, the load runs' line with attacker-media.test.ts too took 231 s and the other 207.
 */
const RELIABILITY_BESIDE_LOAD = ['reliability/harness/server-process.test.ts'];
const RELIABILITY_LOAD_LINE = [...RELIABILITY_UNDER_LOAD, ...RELIABILITY_BESIDE_LOAD];
const RELIABILITY = { environment: 'node', testTimeout: 300_000, hookTimeout: 180_000, fileParallelism: false } as const;

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_FILES.some((path) => file.moduleId.endsWith(path));
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

export default defineConfig({
  test: {
    // Much of an API test file's time is spent waiting (on PostgreSQL, spawned servers, ffmpeg),
    // so more files than cores keep the machine busy; Vitest's default, one fewer than the
    // cores, runs them one at a time on 2 cores. The browser and reliability suites set their own.
    maxWorkers: 3,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        // The client's path aliases, so its modules can be unit-tested as they are written.
        resolve: {
          alias: {
            '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
            '@': fileURLToPath(new URL('./web', import.meta.url)),
          },
        },
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'web/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: API_TESTS,
          exclude: [...configDefaults.exclude, ...MOCKING_API_TESTS],
          // The files of a worker share their modules rather than import the app again each:
          // importing took 115 of the run's CPU seconds (now 14), and the run 260 s (now 190-218).
          // What a file leaves in a shared module is keyed by its own apps (WeakMaps) or harmless
          // (the factories' counters); its spare test databases go when it ends (the setup file).
          isolate: false,
          setupFiles: ['server/test/file-databases.setup.ts'],
          ...API_TIMEOUTS,
        },
      },
      {
        // Files that replace a module (vi.mock) get modules of their own; each releases its
        // test databases itself (a setup file would import the real module before the mock).
        test: { name: 'api-mocks', include: MOCKING_API_TESTS, ...API_TIMEOUTS },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          // A page's first render waits for its route's chunk and its data: on a busy 2-core
          // machine that can pass the default second of expect.poll.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
          // Two files side by side, each worker driving a server of its own (e2e/global-setup.ts):
          // one file at a time left a core idle while a page waited on the server or a timer
          // (the suite took 11.9 min one file at a time, 9.2 min two at a time).
          maxWorkers: 2,
        },
      },
      // The reliability suite starts whole processes on real databases, one file at a time in each
      // of two projects: the files that drive sustained load (and the crash run, the longest, and
      // two short files that even the lines out) and the rest. `npm run test:reliability` runs
      // the two side by side (scripts/test.ts), so two load runs never share the machine's two cores.
      {
        test: { name: 'reliability', include: ['reliability/**/*.test.ts'], exclude: [...configDefaults.exclude, ...RELIABILITY_LOAD_LINE], ...RELIABILITY },
      },
      {
        test: { name: 'reliability-load', include: RELIABILITY_LOAD_LINE, ...RELIABILITY },
      },
    ],
  },
});

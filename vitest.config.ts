import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Much of an API test file's time is spent waiting (on PostgreSQL, spawned servers, ffmpeg),
    // so more files than cores keep the machine busy; Vitest's default, one fewer than the
    // cores, runs them one at a time on 2 cores. The browser and reliability suites still run
    // one file at a time (fileParallelism: false).
    maxWorkers: 3,
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
          include: ['server/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          // Argon2 and real databases: give each file room, run files side by side.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
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
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['reliability/**/*.test.ts'],
          environment: 'node',
          // Whole processes, real databases and 30-second load runs: one file at a time, so a
          // load run does not starve a crash run of the machine's two cores.
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

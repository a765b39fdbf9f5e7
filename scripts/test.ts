// `npm test`: unit and API tests (SQLite; PostgreSQL too when TEST_DATABASE_URL is set),
// then the browser tests in Chromium. Any failed or skipped test fails the run; the last
// line is the plain 'N passed, N failed, N skipped' summary CI reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface TVitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
}

const outDir = mkdtempSync(join(tmpdir(), 'test-report-'));
// `--reliability` (npm run test:reliability): the load, crash, restart, fuzzing, access and
// scale-out suite instead of the everyday one.
const reliability = process.argv.includes('--reliability');
const extra = process.argv.slice(2).filter((arg) => arg !== '--reliability');
const suites = reliability
  ? [{ name: 'reliability', projects: ['reliability', 'reliability-load'] }]
  : [
      { name: 'unit + API', projects: ['unit', 'api', 'api-mocks'] },
      { name: 'browser', projects: ['e2e'] },
    ];

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
for (const suite of suites) {
  const report = join(outDir, `${suite.projects.join('-')}.json`);
  console.log(`\n▶ ${suite.name} tests${suite.projects.includes('api') && process.env.TEST_DATABASE_URL ? ' (SQLite and PostgreSQL)' : ''}`);
  const result = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', ...suite.projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra],
    { stdio: 'inherit' },
  );
  let summary: TVitestJson | null = null;
  try {
    summary = JSON.parse(readFileSync(report, 'utf8')) as TVitestJson;
  } catch {
    summary = null;
  }
  if (!summary || summary.numTotalTests === 0) {
    console.error(`✗ ${suite.name}: no test ran`);
    broken = true;
    continue;
  }
  totals.passed += summary.numPassedTests;
  totals.failed += summary.numFailedTests;
  totals.skipped += summary.numPendingTests + summary.numTodoTests;
  if (result.status !== 0) broken = true;
}

if (totals.skipped > 0) console.error(`✗ ${totals.skipped} skipped test(s): a skipped test proves nothing`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken || totals.failed > 0 || totals.skipped > 0 ? 1 : 0);

// `npm test`: unit and API tests (SQLite; PostgreSQL too when TEST_DATABASE_URL is set),
// then the browser tests in Chromium. Any failed or skipped test fails the run; the last
// line is the plain 'N passed, N failed, N skipped' summary CI reads.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface TVitestJson {
  testResults?: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
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

/** A suite is one Vitest run, or several side by side (`lines`), each running its projects' files. */
interface TSuite {
  name: string;
  lines: string[][];
}
const suites: TSuite[] = reliability
  ? // Two lines of one file at a time: the sustained-load and crash runs in one, the rest in the
    // other, so two load runs never share the machine's two cores (Vitest's own groups cannot run
    // two one-at-a-time projects side by side).
    [{ name: 'reliability', lines: [['reliability-load'], ['reliability']] }]
  : [
      { name: 'unit + API', lines: [['unit', 'api', 'api-mocks']] },
      { name: 'browser', lines: [['e2e']] },
    ];

/** Runs Vitest on these projects; resolves with its exit status and its JSON report (null if it wrote none). */
function runVitest(projects: string[]): Promise<{ status: number | null; summary: TVitestJson | null }> {
  const report = join(outDir, `${projects.join('-')}.json`);
  const child = spawn(
    process.execPath,
    // A filter given to the suite (a file's name) may match files of one line only: the other
    // passes with none, and the suite as a whole must still have run a test.
    ['node_modules/vitest/vitest.mjs', 'run', ...projects.flatMap((p) => ['--project', p]), '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra],
    { stdio: 'inherit' },
  );
  return new Promise((resolve) => {
    child.on('close', (status) => {
      let summary: TVitestJson | null = null;
      try {
        summary = JSON.parse(readFileSync(report, 'utf8')) as TVitestJson;
      } catch {
        summary = null;
      }
      resolve({ status, summary });
    });
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Failed tests, named again at the end: CI's log keeps only its tail. */
const failures: string[] = [];
let broken = false;
for (const suite of suites) {
  const projects = suite.lines.flat();
  console.log(`\n▶ ${suite.name} tests${projects.includes('api') && process.env.TEST_DATABASE_URL ? ' (SQLite and PostgreSQL)' : ''}`);
  let ran = 0;
  for (const { status, summary } of await Promise.all(suite.lines.map(runVitest))) {
    if (status !== 0 || !summary) broken = true;
    if (!summary) continue;
    ran += summary.numTotalTests;
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
    for (const file of summary.testResults ?? []) {
      const where = file.name.replace(`${process.cwd()}/`, '');
      if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) {
        failures.push(`${where}\n    ${(file.message ?? '').split('\n', 1)[0]!.slice(0, 300)}`);
      }
      for (const test of file.assertionResults) {
        if (test.status !== 'failed') continue;
        const reason = (test.failureMessages?.[0] ?? '').split('\n', 1)[0]!.slice(0, 300);
        failures.push(`${where} › ${test.fullName}\n    ${reason}`);
      }
    }
  }
  if (ran === 0) {
    console.error(`✗ ${suite.name}: no test ran`);
    broken = true;
  }
}

if (failures.length > 0) console.error(`\n✗ failed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
if (totals.skipped > 0) console.error(`✗ ${totals.skipped} skipped test(s): a skipped test proves nothing`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken || totals.failed > 0 || totals.skipped > 0 ? 1 : 0);

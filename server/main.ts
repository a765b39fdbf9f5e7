// Process entry: config → database → migrate → sweep leftovers → listen; a signal shuts it down gracefully.
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './adapters/mail/create-mailer';
import { createPayments } from './adapters/payments/create-payments';
import { createStorage } from './adapters/storage/create-storage';
import { buildApp } from './app';
import { loadConfigOrExit, type TConfig } from './config';
import { openDatabase } from './db/open';
import { ensureOperatorCode } from './features/accounts/operator-code';
import { sweepLeftoverTempFiles, uploadTempDir } from './features/media/temp-files';
import { createReadCache } from './lib/read-cache';
import { periodicTasks } from './jobs/periodic-tasks';
import { startScheduler } from './jobs/scheduler';
import { startOutboxWorker } from './jobs/send-outbox';
import { isWorkerProcess, superviseWorkers } from './ops/cluster';
import { createShutdown, shutDownOnSignals } from './ops/graceful-shutdown';
import { limitHeapGrowth, warnIfAllocatorUntuned } from './ops/memory-allocator';
import { createReadiness } from './ops/readiness';

const CLIENT_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));
const SERVER_RENDERER_DIR = fileURLToPath(new URL('../dist/server', import.meta.url));

/**
 * What `npm start` and `npm run serve` run: the app in this process, or with WEB_CONCURRENCY
 * above 1 a supervisor of that many app processes on the one port (server/ops/cluster.ts).
 */
export async function startServing(): Promise<void> {
  if (isWorkerProcess()) return main();
  const { processes } = loadConfigOrExit();
  return processes > 1 ? superviseWorkers(processes) : main();
}

export async function main(): Promise<void> {
  limitHeapGrowth();
  const config = loadConfigOrExit();
  const { database, applied } = await openDatabase(config);
  // Uploads a crashed run left half-received; never those of a live process sharing DATA_DIR.
  const sweptTempFiles = await sweepLeftoverTempFiles(uploadTempDir(config.dataDir));
  const readiness = createReadiness(database.db);
  // One storage for the requests and the periodic tasks that delete files.
  const storage = createStorage(config.storage);
  // One payment provider and one read cache for the requests and the periodic tasks.
  const now = () => new Date();
  const payments = createPayments(config.payments, database.db, now);
  const readCache = createReadCache({ redisUrl: config.redisUrl, maxBytes: config.readCacheBytes });
  // A queued message is sent right away by this process's worker (created below, before listen()
  // lets any request in); its timer catches the rest and other processes' leftovers.
  const app = await buildApp({ config, database, clientDir: CLIENT_DIR, serverDir: SERVER_RENDERER_DIR, readiness, storage, payments, readCache, onMailQueued: () => outbox.kick() });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');
  if (sweptTempFiles.length > 0) app.log.info({ removed: sweptTempFiles.length }, 'temporary upload files of an earlier run removed');
  warnIfAllocatorUntuned(app.log);
  logPaymentsMode(config, app.log);
  const mailer = createMailer(config.mail, app.log);
  if (mailer.kind === 'log') app.log.info('SMTP_URL is not set: e-mails are written to the log, not sent');
  const outbox = startOutboxWorker({ db: database.db, engine: database.engine, now }, mailer, app.log);
  // The tasks share the requests' read cache: what a task changes (a transcoded video, a paid job) leaves no stale copy.
  const tasksContext = { db: database.db, engine: database.engine, slowReads: database.slowReads, config, now, storage, log: app.log, readCache };
  const scheduler = startScheduler(periodicTasks(tasksContext, { ...tasksContext, payments, mailQueued: () => outbox.kick() }), app.log);
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await readCache.close();
  });
  app.addHook('onClose', () => outbox.stop());

  const operatorCode = await ensureOperatorCode({ db: database.db, now: () => new Date(), config });
  if (operatorCode) {
    const line = '='.repeat(64);
    process.stdout.write(
      `\n${line}\n  No members yet. Sign up at ${config.publicUrl}/signup?code=${operatorCode}\n  Invitation code: ${operatorCode}\n${line}\n\n`,
    );
  }

  shutDownOnSignals(createShutdown({ app, readiness, closeDatabase: () => database.close() }));

  await app.listen({ port: config.port, host: config.host });
}

/** Says at boot how this site takes payments; test mode on a production server is a warning. */
function logPaymentsMode(config: TConfig, log: FastifyBaseLogger): void {
  const payments = config.payments;
  if (payments.mode === 'off') log.warn('PAYMENTS_MODE is off: job posting is unavailable until Stripe keys are set (see README, Jobs and payments)');
  else if (payments.mode === 'test' && payments.inProduction) log.warn('PAYMENTS_MODE is test on a production server: jobs go live with test cards and no money is taken');
  else if (payments.mode === 'test') log.info('PAYMENTS_MODE is test: payments use the offline test provider (test cards, no money)');
}

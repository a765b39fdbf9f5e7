// Process entry: config → database → migrate → sweep leftovers → listen; a signal shuts it down gracefully.
import { fileURLToPath } from 'node:url';
import { createMailer } from './adapters/mail/create-mailer';
import { createStorage } from './adapters/storage/create-storage';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/open';
import { ensureOperatorCode } from './features/accounts/operator-code';
import { sweepLeftoverTempFiles, uploadTempDir } from './features/media/temp-files';
import { periodicTasks } from './jobs/periodic-tasks';
import { startScheduler } from './jobs/scheduler';
import { startOutboxWorker } from './jobs/send-outbox';
import { createShutdown, shutDownOnSignals } from './ops/graceful-shutdown';
import { limitHeapGrowth, warnIfAllocatorUntuned } from './ops/memory-allocator';
import { createReadiness } from './ops/readiness';

const CLIENT_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

export async function main(): Promise<void> {
  limitHeapGrowth();
  const config = loadConfigOrExit();
  const { database, applied } = await openDatabase(config);
  // Uploads a crashed run left half-received; never those of a live process sharing DATA_DIR.
  const sweptTempFiles = await sweepLeftoverTempFiles(uploadTempDir(config.dataDir));
  const readiness = createReadiness(database.db);
  // One storage for the requests and the periodic tasks that delete files.
  const storage = createStorage(config.storage);
  // A queued message is sent right away by this process's worker (created below, before listen()
  // lets any request in); its timer catches the rest and other processes' leftovers.
  const app = await buildApp({ config, database, clientDir: CLIENT_DIR, readiness, storage, onMailQueued: () => outbox.kick() });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');
  if (sweptTempFiles.length > 0) app.log.info({ removed: sweptTempFiles.length }, 'temporary upload files of an earlier run removed');
  warnIfAllocatorUntuned(app.log);
  const scheduler = startScheduler(periodicTasks({ db: database.db, engine: database.engine, config, now: () => new Date(), storage, log: app.log }), app.log);
  app.addHook('onClose', () => scheduler.stop());
  const mailer = createMailer(config.mail, app.log);
  if (mailer.kind === 'log') app.log.info('SMTP_URL is not set: e-mails are written to the log, not sent');
  const outbox = startOutboxWorker({ db: database.db, engine: database.engine, now: () => new Date() }, mailer, app.log);
  app.addHook('onClose', () => outbox.stop());

  const operatorCode = await ensureOperatorCode({ db: database.db, now: () => new Date() });
  if (operatorCode) {
    const line = '='.repeat(64);
    process.stdout.write(
      `\n${line}\n  No members yet. Sign up at ${config.publicUrl}/signup?code=${operatorCode}\n  Invitation code: ${operatorCode}\n${line}\n\n`,
    );
  }

  shutDownOnSignals(createShutdown({ app, readiness, closeDatabase: () => database.close() }));

  await app.listen({ port: config.port, host: config.host });
}

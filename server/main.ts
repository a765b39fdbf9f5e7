// Process entry: config → database → migrate → listen.
import { fileURLToPath } from 'node:url';
import { createMailer } from './adapters/mail/create-mailer';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/open';
import { ensureOperatorCode } from './features/invitations/operator-code';
import { startJobExpiry } from './jobs/expire-jobs';
import { startOutboxWorker } from './jobs/send-outbox';

const CLIENT_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

export async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const { database, applied } = await openDatabase(config);
  // A queued message is sent right away by this process's worker (created below, before listen()
  // lets any request in); its timer catches the rest and other processes' leftovers.
  const app = await buildApp({ config, database, clientDir: CLIENT_DIR, onMailQueued: () => outbox.kick() });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');
  const jobExpiry = startJobExpiry({ db: database.db, now: () => new Date() }, app.log);
  app.addHook('onClose', () => jobExpiry.stop());
  const mailer = createMailer(config.mail, app.log);
  if (mailer.kind === 'log') app.log.info('SMTP_URL is not set: e-mails are written to the log, not sent');
  const outbox = startOutboxWorker({ db: database.db, engine: database.engine, now: () => new Date() }, mailer, app.log);
  app.addHook('onClose', () => outbox.stop());

  const operatorCode = await ensureOperatorCode({ db: database.db, now: new Date() });
  if (operatorCode) {
    const line = '='.repeat(64);
    process.stdout.write(
      `\n${line}\n  No members yet. Sign up at ${config.publicUrl}/signup?code=${operatorCode}\n  Invitation code: ${operatorCode}\n${line}\n\n`,
    );
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

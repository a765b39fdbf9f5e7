// Background mail delivery: every app process runs one worker over the shared outbox table.
// It drains due e-mails on a timer and when kicked (a message was just queued in this
// process); claims are leases in the database, so workers in other processes never send the
// same row, and a worker that died mid-send leaves rows that others take once its lease ends.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { TMailer } from '../adapters/mail/mailer';
import type { TContext } from '../context';
import { deleteOldSentMail, deliverNextMail, releaseWorkerClaims } from '../features/messages/outbox.service';

export const SEND_OUTBOX_EVERY_MS = 5_000;
const CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

export interface TOutboxRun {
  sent: number;
  failed: number;
}

export interface TOutboxWorker {
  readonly workerId: string;
  /** Delivers every e-mail due now, one at a time; resolves when none is left (for tests and shutdown). */
  runOnce(): Promise<TOutboxRun>;
  /** Asks for a run soon (after the current one, if one is going). */
  kick(): void;
  start(): void;
  /** Stops the timer, lets the e-mail in hand finish, and releases this worker's claims. */
  stop(): Promise<void>;
}

export interface TOutboxWorkerOptions {
  workerId?: string;
  everyMs?: number;
}

export function createOutboxWorker(ctx: Pick<TContext, 'db' | 'engine' | 'now'>, mailer: TMailer, log: FastifyBaseLogger, options: TOutboxWorkerOptions = {}): TOutboxWorker {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let kickedWhileRunning = false;
  let lastCleanUp = 0;

  async function runOnce(): Promise<TOutboxRun> {
    const run = { sent: 0, failed: 0 };
    while (!stopping) {
      const result = await deliverNextMail(ctx, mailer, workerId);
      if (result.outcome === 'none') break;
      if (result.outcome === 'sent') {
        run.sent += 1;
        log.info({ outboxId: result.row.id, via: mailer.kind }, 'e-mail sent');
      } else {
        run.failed += 1;
        const details = { outboxId: result.row.id, attempts: result.row.attempts + 1, error: result.error };
        if (result.outcome === 'gave-up') log.error(details, 'e-mail not sent; stopped retrying');
        else log.warn(details, 'e-mail not sent; will retry');
      }
    }
    return run;
  }

  function kick(): void {
    if (stopping) return;
    if (running) {
      kickedWhileRunning = true;
      return;
    }
    running = (async () => {
      await runOnce();
      if (Date.now() - lastCleanUp > CLEAN_UP_EVERY_MS) {
        lastCleanUp = Date.now();
        await deleteOldSentMail(ctx);
      }
    })()
      .catch((error: unknown) => log.error({ err: error }, 'outbox run failed'))
      .finally(() => {
        running = null;
        if (kickedWhileRunning) {
          kickedWhileRunning = false;
          kick();
        }
      });
  }

  return {
    workerId,
    runOnce,
    kick,
    start() {
      if (timer) return;
      timer = setInterval(kick, options.everyMs ?? SEND_OUTBOX_EVERY_MS);
      // Never the reason the process stays up.
      timer.unref();
      kick();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
      try {
        await releaseWorkerClaims(ctx, workerId);
      } finally {
        mailer.close();
      }
    },
  };
}

export function startOutboxWorker(ctx: Pick<TContext, 'db' | 'engine' | 'now'>, mailer: TMailer, log: FastifyBaseLogger, options: TOutboxWorkerOptions = {}): TOutboxWorker {
  const worker = createOutboxWorker(ctx, mailer, log, options);
  worker.start();
  return worker;
}

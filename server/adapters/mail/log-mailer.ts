// Without SMTP_URL: each e-mail is written to the log (and counts as sent), so a fresh machine
// works offline and a developer sees exactly what would have gone out.
import type { FastifyBaseLogger } from 'fastify';
import type { TMailer } from './mailer';

export function createLogMailer(from: string, log: FastifyBaseLogger): TMailer {
  return {
    kind: 'log',
    async send(mail) {
      log.info({ mail: { from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, headers: mail.headers, text: mail.text } }, 'e-mail written to the log (SMTP_URL is not set)');
    },
    close() {},
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { TMailConfig } from '../../config';
import { createLogMailer } from './log-mailer';
import type { TMailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set, else the log. */
export function createMailer(config: TMailConfig, log: FastifyBaseLogger): TMailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from) : createLogMailer(config.from, log);
}

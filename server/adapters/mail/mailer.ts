// How e-mail leaves the process: over SMTP, or into the log when no SMTP server is configured.
// Every e-mail reaches a mailer through the outbox (server/jobs/send-outbox.ts), never directly.

export interface TOutgoingMail {
  to: string;
  /** The person the recipient answers by replying (a message's sender). */
  replyTo: { name: string | null; address: string } | null;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058); each value goes on one line. */
  headers?: Record<string, string>;
}

export interface TMailer {
  readonly kind: 'smtp' | 'log';
  /** Resolves once the mail server has accepted the message; rejects with why it did not. */
  send(mail: TOutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Text that goes into a header on one line: CR, LF and every other control character
 * (and Unicode line and paragraph separators) become a space, so no value can end a header
 * and start another (e.g. a subject 'Hi\r\nBcc: victim@example.com').
 */
export function headerText(value: string, maxLength = 250): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ').trim().slice(0, maxLength);
}

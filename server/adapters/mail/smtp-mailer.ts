// E-mail over SMTP with nodemailer: SMTP_URL names the server, port, TLS and credentials
// (smtp://user:pass@host:587 upgrades with STARTTLS when offered, smtps://…:465 is TLS from the start).
import nodemailer from 'nodemailer';
import { headerText, type TMailer } from './mailer';

/** A send must end well within the outbox lease (60 s), or another worker could send the row too. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 };

/** The object form lets nodemailer quote and encode the name (commas, quotes, non-ASCII). */
function replyTo(person: { name: string | null; address: string }): { name: string; address: string } | string {
  const name = headerText(person.name ?? '');
  return name ? { name, address: person.address } : person.address;
}

export function createSmtpMailer(smtpUrl: string, from: string): TMailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    ...TIMEOUTS,
    // Plain-text mail built by us: never let a field make nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: replyTo(mail.replyTo) } : {}),
        subject: headerText(mail.subject),
        text: mail.text,
        ...(mail.headers ? { headers: Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, headerText(value, 2000)])) } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}

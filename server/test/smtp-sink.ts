// A real SMTP server for tests (smtp-server): requires a login, keeps every message it
// accepts (envelope, raw text, parsed), and can be stopped and started again on its port.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 's3cret pass';

export interface TReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export interface TSmtpSink {
  received: TReceivedMail[];
  /** smtp://user:pass@127.0.0.1:port, as SMTP_URL. */
  url: string;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

function createServer(received: TReceivedMail[]): SMTPServer {
  return new SMTPServer({
    logger: false,
    // Plain TCP on loopback: no certificate to trust, and the login still travels and is checked.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            received.push({ envelope: { from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) }, raw, parsed });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
}

export async function startSmtpSink(): Promise<TSmtpSink> {
  const received: TReceivedMail[] = [];
  let server = createServer(received);
  const port = await listen(server, 0);
  return {
    received,
    url: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
    async start() {
      server = createServer(received);
      await listen(server, port);
    },
  };
}

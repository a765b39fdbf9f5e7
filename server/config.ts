// One zod schema over process.env, parsed at boot: a bad value stops the process
// with one line naming the variable and what is wrong.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SITE_NAME, INVITES_FOR_NEW_USER } from '../shared/constants';

const ZBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const ZOptional = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: ZOptional.refine((value) => !value || /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL or unset'),
  PUBLIC_URL: ZOptional.refine((value) => !value || URL.canParse(value), 'must be an absolute URL'),
  SITE_NAME: z.string().min(1).default(DEFAULT_SITE_NAME),
  TRUST_PROXY: ZBoolean,
  INVITES_PER_USER: z.coerce.number().int().min(0).max(1000).default(INVITES_FOR_NEW_USER),
  REDIS_URL: ZOptional.refine((value) => !value || /^rediss?:\/\//.test(value), 'must be a redis:// URL or unset'),
  // Megabytes (MiB) the read cache may hold; fractions allowed (0.5), 0 turns it off.
  READ_CACHE_MB: z.coerce.number().min(0).max(65_536).default(64),
  S3_BUCKET: ZOptional,
  S3_REGION: ZOptional,
  S3_ENDPOINT: ZOptional.refine((value) => !value || URL.canParse(value), 'must be an absolute URL'),
  S3_ACCESS_KEY_ID: ZOptional,
  S3_SECRET_ACCESS_KEY: ZOptional,
  S3_PUBLIC_URL: ZOptional.refine((value) => !value || URL.canParse(value), 'must be an absolute URL'),
  STRIPE_SECRET_KEY: ZOptional,
  STRIPE_PUBLISHABLE_KEY: ZOptional,
  STRIPE_WEBHOOK_SECRET: ZOptional,
  STRIPE_API_BASE: ZOptional.refine((value) => !value || /^https?:\/\/[^/]+\/?$/.test(value), 'must be an http(s) origin like http://127.0.0.1:12111'),
  SMTP_URL: ZOptional.refine((value) => !value || (/^smtps?:\/\//.test(value) && URL.canParse(value)), 'must be an smtp:// or smtps:// URL or unset'),
  MAIL_FROM: ZOptional.refine((value) => !value || isMailbox(value), 'must be an address like no-reply@example.com or "Name" <no-reply@example.com>'),
  SUPPORT_EMAIL: ZOptional.refine((value) => !value || z.email().safeParse(value).success, 'must be an e-mail address'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** 'a@b.c' or 'Name <a@b.c>' on one line: it becomes the From header of every e-mail. */
function isMailbox(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- a header value must not hold control characters
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  return z.email().safeParse(address.trim()).success;
}

/** Where media files live: a folder this app serves under /media, or an S3-compatible bucket. */
export type TStorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Set for S3-compatible services (MinIO, R2, …): path-style addressing is used then. */
      endpoint: string | undefined;
      /** Unset: the SDK's default chain (environment, instance role, …). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** Base of the public file URLs (a CDN, or the bucket's own address). */
      publicUrl: string;
    };

/** Card payments: Stripe when STRIPE_SECRET_KEY is set, else the built-in offline test mode. */
export type TPaymentsConfig =
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      /** Unset: POST /api/payments/webhook answers 503 (Stripe retries until it is set). */
      webhookSecret: string | undefined;
      /** Another address for Stripe's API (stripe-mock, a test double); unset: api.stripe.com. */
      apiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
    }
  | { provider: 'test'; webhookSecret: string | undefined };

/** E-mail: always queued in the outbox; sent over SMTP when smtpUrl is set, else written to the log. */
export interface TMailConfig {
  /** smtp:// or smtps:// with credentials in the URL; unset: mail is logged, not sent. */
  smtpUrl: string | undefined;
  /** From header: MAIL_FROM, else `"SITE_NAME" <no-reply@host of PUBLIC_URL>`. */
  from: string;
  /** Where support and career messages go: SUPPORT_EMAIL, else support@host of PUBLIC_URL. */
  supportEmail: string;
}

export interface TConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  siteName: string;
  trustProxy: boolean;
  invitesPerUser: number;
  redisUrl: string | undefined;
  /** What the read cache of whole anonymous answers may hold, in bytes (0: no cache). */
  readCacheBytes: number;
  storage: TStorageConfig;
  payments: TPaymentsConfig;
  mail: TMailConfig;
  logLevel: string;
  /** Session lifetimes: idle (since last use) and absolute (since sign-in). */
  session: { idleMs: number; absoluteMs: number };
}

export class ConfigError extends Error {}

/** process.env, with a .env file in the working folder read first if there is one (it never overrides). */
export function processEnv(): NodeJS.ProcessEnv {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return process.env;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  // An empty variable (`PORT=` in .env) means "use the default", not "zero" or "blank".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZEnv.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue?.path[0] ?? 'environment')} ${issue?.message ?? 'is invalid'}`);
  }
  const values = parsed.data;
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, '');
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    publicUrl,
    siteName: values.SITE_NAME,
    trustProxy: values.TRUST_PROXY,
    invitesPerUser: values.INVITES_PER_USER,
    redisUrl: values.REDIS_URL,
    readCacheBytes: Math.floor(values.READ_CACHE_MB * 1024 * 1024),
    storage: storageConfig(values, resolve(values.DATA_DIR)),
    payments: paymentsConfig(values),
    mail: mailConfig(values, publicUrl),
    logLevel: values.LOG_LEVEL,
    session: { idleMs: 14 * 24 * 60 * 60 * 1000, absoluteMs: 60 * 24 * 60 * 60 * 1000 },
  };
}

function storageConfig(values: z.infer<typeof ZEnv>, dataDir: string): TStorageConfig {
  const bucket = values.S3_BUCKET;
  if (!bucket) return { kind: 'local', dir: resolve(dataDir, 'media') };
  const region = values.S3_REGION ?? 'us-east-1';
  const endpoint = values.S3_ENDPOINT?.replace(/\/$/, '');
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(`Invalid configuration: ${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} must be set together with the other S3 key`);
  }
  const defaultPublicUrl = endpoint ? `${endpoint}/${bucket}` : `https://${bucket}.s3.${region}.amazonaws.com`;
  return {
    kind: 's3',
    bucket,
    region,
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    publicUrl: (values.S3_PUBLIC_URL ?? defaultPublicUrl).replace(/\/$/, ''),
  };
}

function paymentsConfig(values: z.infer<typeof ZEnv>): TPaymentsConfig {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = values;
  if (!secretKey) return { provider: 'test', webhookSecret };
  // The card form needs the publishable key: without it the page could not take a payment.
  if (!publishableKey) throw new ConfigError('Invalid configuration: STRIPE_PUBLISHABLE_KEY must be set together with STRIPE_SECRET_KEY');
  const base = values.STRIPE_API_BASE ? new URL(values.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return {
    provider: 'stripe',
    secretKey,
    publishableKey,
    webhookSecret,
    apiBase: base ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol } : undefined,
  };
}

function mailConfig(values: z.infer<typeof ZEnv>, publicUrl: string): TMailConfig {
  // The site's own domain is the likeliest to have working mailboxes; on localhost it makes
  // addresses that show plainly in the log that nothing is configured yet.
  const domain = new URL(publicUrl).hostname;
  // eslint-disable-next-line no-control-regex -- the name goes into a quoted header value
  const siteName = values.SITE_NAME.replace(/["\\\u0000-\u001f\u007f]/g, '');
  return {
    smtpUrl: values.SMTP_URL,
    from: values.MAIL_FROM ?? `"${siteName}" <no-reply@${domain}>`,
    supportEmail: values.SUPPORT_EMAIL ?? `support@${domain}`,
  };
}

/** For process entries: the configuration, or one line on stderr and exit code 1. */
export function loadConfigOrExit(): TConfig {
  try {
    return loadConfig(processEnv());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

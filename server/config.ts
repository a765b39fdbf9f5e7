// One zod schema over process.env, parsed at boot: a bad value stops the process
// with one line naming the variable and what is wrong.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SITE_NAME, INVITE_TTL_DAYS, INVITES_FOR_NEW_USER, PAYMENTS_MODES, type TPaymentsMode } from '../shared/constants';

const MB = 1024 * 1024;

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
  INVITE_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(INVITE_TTL_DAYS),
  REDIS_URL: ZOptional.refine((value) => !value || /^rediss?:\/\//.test(value), 'must be a redis:// URL or unset'),
  // Megabytes (MiB) the read cache may hold; fractions allowed (0.5), 0 turns it off. A ceiling,
  // not an allocation: a small site's cache stays small. At 100,000 projects, visitors' project
  // pages over 20,000 of them keep 141 MB; 64 MB (the old default) held a third of them, and
  // the copies the cache threw out were read again from the database (0.48 → 0.34–0.38 ms of
  // CPU a request at 256 MB, alternated twice).
  READ_CACHE_MB: z.coerce.number().min(0).max(65_536).default(256),
  // App processes `npm start` runs on the one port (node:cluster); above 1 they need REDIS_URL.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  S3_BUCKET: ZOptional,
  S3_REGION: ZOptional,
  S3_ENDPOINT: ZOptional.refine((value) => !value || URL.canParse(value), 'must be an absolute URL'),
  S3_ACCESS_KEY_ID: ZOptional,
  S3_SECRET_ACCESS_KEY: ZOptional,
  S3_PUBLIC_URL: ZOptional.refine((value) => !value || URL.canParse(value), 'must be an absolute URL'),
  NODE_ENV: ZOptional,
  PAYMENTS_MODE: z.enum(PAYMENTS_MODES, { error: `must be one of ${PAYMENTS_MODES.join(', ')} or unset` }).optional(),
  STRIPE_SECRET_KEY: ZOptional,
  STRIPE_PUBLISHABLE_KEY: ZOptional,
  STRIPE_WEBHOOK_SECRET: ZOptional,
  STRIPE_API_BASE: ZOptional.refine((value) => !value || /^https?:\/\/[^/]+\/?$/.test(value), 'must be an http(s) origin like http://127.0.0.1:12111'),
  SMTP_URL: ZOptional.refine((value) => !value || (/^smtps?:\/\//.test(value) && URL.canParse(value)), 'must be an smtp:// or smtps:// URL or unset'),
  MAIL_FROM: ZOptional.refine((value) => !value || isMailbox(value), 'must be an address like no-reply@example.com or "Name" <no-reply@example.com>'),
  SUPPORT_EMAIL: ZOptional.refine((value) => !value || z.email().safeParse(value).success, 'must be an e-mail address'),
  MAX_VIDEO_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Limits on member writes (server/http/member-limits.ts; README, Security).
  UPLOAD_MB_PER_DAY: z.coerce.number().min(0).max(1_000_000).default(1024),
  UNATTACHED_UPLOADS_MAX: z.coerce.number().int().min(0).max(100_000).default(50),
  PROJECTS_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(50),
  UNPAID_JOBS_MAX: z.coerce.number().int().min(0).max(10_000).default(5),
  CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  CONTACT_MESSAGES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(5),
  LIKES_FOLLOWS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  PROFILE_EDITS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  REPORTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  COMMENTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  JOB_CHANGES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  COLLECTION_WRITES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(300),
  MEMBER_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  MIN_FREE_DISK_MB: z.coerce.number().min(0).max(100_000_000).default(1024),
  // The floor under a request body's rate (server/http/slow-bodies.ts): 4 KB/s, 32 kbit/s, is
  // slower than any link a person uploads from; 0 turns the floor off.
  MIN_BODY_KB_PER_SECOND: z.coerce.number().min(0).max(100_000).default(4),
  SLOW_BODY_WINDOW_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
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

/**
 * Card payments (PAYMENTS_MODE): real cards through Stripe, the built-in offline test mode, or
 * none at all (job posting is then unavailable). Unset: Stripe with keys; without keys test mode,
 * except in production (NODE_ENV=production), where an unconfigured site takes no payments.
 */
export type TPaymentsConfig =
  | {
      mode: 'stripe';
      secretKey: string;
      publishableKey: string;
      /** Unset: POST /api/payments/webhook answers 503 (Stripe retries until it is set). */
      webhookSecret: string | undefined;
      /** Another address for Stripe's API (stripe-mock, a test double); unset: api.stripe.com. */
      apiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
    }
  | {
      mode: 'test';
      webhookSecret: string | undefined;
      /** Chosen explicitly on a production server: logged as a warning at boot. */
      inProduction: boolean;
    }
  | { mode: 'off' };

/** E-mail: always queued in the outbox; sent over SMTP when smtpUrl is set, else written to the log. */
export interface TMailConfig {
  /** smtp:// or smtps:// with credentials in the URL; unset: mail is logged, not sent. */
  smtpUrl: string | undefined;
  /** From header: MAIL_FROM, else `"SITE_NAME" <no-reply@host of PUBLIC_URL>`. */
  from: string;
  /** Where support and career messages go: SUPPORT_EMAIL, else support@host of PUBLIC_URL. */
  supportEmail: string;
}

/** The floor under a request body's rate (server/http/slow-bodies.ts). */
export interface TBodyFloor {
  /** The least a body must bring per second, averaged over each window (0: no floor). */
  bytesPerSecond: number;
  /** How long a stretch is judged at once: the grace a stalled link (a phone changing masts) gets. */
  windowMs: number;
}

/** What one member may write (server/http/member-limits.ts answers 429 past them), and the disk guard of uploads. */
export interface TLimitsConfig {
  /** Bytes of uploads a member may store in any 24 hours. */
  uploadBytesPerDay: number;
  /** Uploads that no project uses yet a member may hold. */
  unattachedUploads: number;
  projectsPerDay: number;
  /** Jobs awaiting payment a member may have at once. */
  unpaidJobs: number;
  /** Contact messages a signed-in member may send per hour (visitors have the per-IP limit). */
  contactMessagesPerHour: number;
  /** Contact messages one address may send per 10 minutes, signed in or not. */
  contactMessagesPerIp: number;
  /** Likes and follows together, per member per minute. */
  likesFollowsPerMinute: number;
  profileEditsPerHour: number;
  /** Reports a member may file per hour. */
  reportsPerHour: number;
  /** Comments and replies a member may write per hour. */
  commentsPerHour: number;
  /** Job edits, early closes and renewals a member may start per hour. */
  jobChangesPerHour: number;
  /** Collection writes (create, rename, delete, save and remove a project) a member may make per hour. */
  collectionWritesPerHour: number;
  /** Every state-changing request of a signed-in member, whatever it is, per minute: the floor under the limits above. */
  memberWritesPerMinute: number;
  /** Uploads answer 507 while the free space of DATA_DIR is below this. */
  minFreeDiskBytes: number;
  /** The rate a request body must keep to, any client's (408 and the connection closed below it). */
  bodyFloor: TBodyFloor;
}

/** Video uploads: the longest accepted, and the tools that probe and transcode them (see README ### ffmpeg). */
export interface TMediaConfig {
  maxVideoSeconds: number;
  /** Commands run for ffmpeg and ffprobe; a command that is not installed means "without ffmpeg". */
  ffmpegPath: string;
  ffprobePath: string;
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
  /** An unused invitation code stops working this many days after it was made. */
  inviteTtlDays: number;
  redisUrl: string | undefined;
  /**
   * App processes sharing the port (server/ops/cluster.ts). Each keeps its own read cache and
   * limiter memory, so more than one needs Redis to hear the others' writes and share limits.
   */
  processes: number;
  /** What the read cache of whole anonymous answers may hold, in bytes (0: no cache). */
  readCacheBytes: number;
  storage: TStorageConfig;
  payments: TPaymentsConfig;
  mail: TMailConfig;
  media: TMediaConfig;
  logLevel: string;
  limits: TLimitsConfig;
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
  if (values.WEB_CONCURRENCY > 1 && !values.REDIS_URL) {
    throw new ConfigError('Invalid configuration: WEB_CONCURRENCY above 1 needs REDIS_URL (the processes hear each other\'s writes and share limits through it)');
  }
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
    inviteTtlDays: values.INVITE_TTL_DAYS,
    redisUrl: values.REDIS_URL,
    processes: values.WEB_CONCURRENCY,
    readCacheBytes: Math.floor(values.READ_CACHE_MB * 1024 * 1024),
    storage: storageConfig(values, resolve(values.DATA_DIR)),
    payments: paymentsConfig(values),
    mail: mailConfig(values, publicUrl),
    media: { maxVideoSeconds: values.MAX_VIDEO_SECONDS, ffmpegPath: values.FFMPEG_PATH, ffprobePath: values.FFPROBE_PATH },
    logLevel: values.LOG_LEVEL,
    limits: {
      uploadBytesPerDay: Math.floor(values.UPLOAD_MB_PER_DAY * MB),
      unattachedUploads: values.UNATTACHED_UPLOADS_MAX,
      projectsPerDay: values.PROJECTS_PER_DAY,
      unpaidJobs: values.UNPAID_JOBS_MAX,
      contactMessagesPerHour: values.CONTACT_MESSAGES_PER_HOUR,
      contactMessagesPerIp: values.CONTACT_MESSAGES_PER_IP,
      likesFollowsPerMinute: values.LIKES_FOLLOWS_PER_MINUTE,
      profileEditsPerHour: values.PROFILE_EDITS_PER_HOUR,
      reportsPerHour: values.REPORTS_PER_HOUR,
      commentsPerHour: values.COMMENTS_PER_HOUR,
      jobChangesPerHour: values.JOB_CHANGES_PER_HOUR,
      collectionWritesPerHour: values.COLLECTION_WRITES_PER_HOUR,
      memberWritesPerMinute: values.MEMBER_WRITES_PER_MINUTE,
      minFreeDiskBytes: Math.floor(values.MIN_FREE_DISK_MB * MB),
      bodyFloor: { bytesPerSecond: values.MIN_BODY_KB_PER_SECOND * 1024, windowMs: values.SLOW_BODY_WINDOW_SECONDS * 1000 },
    },
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
  const production = values.NODE_ENV === 'production';
  const mode: TPaymentsMode = values.PAYMENTS_MODE ?? (secretKey ? 'stripe' : production ? 'off' : 'test');
  if (mode === 'off') return { mode };
  if (mode === 'test') return { mode, webhookSecret, inProduction: production };
  if (!secretKey) throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY must be set when PAYMENTS_MODE is stripe');
  // The card form needs the publishable key: without it the page could not take a payment.
  if (!publishableKey) throw new ConfigError('Invalid configuration: STRIPE_PUBLISHABLE_KEY must be set together with STRIPE_SECRET_KEY');
  const base = values.STRIPE_API_BASE ? new URL(values.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return {
    mode,
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

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', siteName: 'Portfolio Platform', trustProxy: false, invitesPerUser: 3, publicUrl: 'http://localhost:3000' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.readCacheBytes).toBe(256 * 1024 * 1024);
  });

  it('limits member writes by default, each limit set by its variable', () => {
    const MB = 1024 * 1024;
    expect(loadConfig({}).limits).toEqual({
      uploadBytesPerDay: 1024 * MB,
      unattachedUploads: 50,
      projectsPerDay: 50,
      unpaidJobs: 5,
      contactMessagesPerHour: 20,
      contactMessagesPerIp: 5,
      likesFollowsPerMinute: 120,
      profileEditsPerHour: 30,
      commentsPerHour: 60,
      jobChangesPerHour: 30,
      collectionWritesPerHour: 300,
      memberWritesPerMinute: 300,
      reportsPerHour: 20,
      minFreeDiskBytes: 1024 * MB,
      bodyFloor: { bytesPerSecond: 4096, windowMs: 30_000 },
    });
    const set = loadConfig({
      UPLOAD_MB_PER_DAY: '0.5',
      UNATTACHED_UPLOADS_MAX: '3',
      PROJECTS_PER_DAY: '4',
      UNPAID_JOBS_MAX: '1',
      CONTACT_MESSAGES_PER_HOUR: '6',
      CONTACT_MESSAGES_PER_IP: '13',
      LIKES_FOLLOWS_PER_MINUTE: '7',
      PROFILE_EDITS_PER_HOUR: '8',
      COMMENTS_PER_HOUR: '9',
      REPORTS_PER_HOUR: '10',
      JOB_CHANGES_PER_HOUR: '11',
      COLLECTION_WRITES_PER_HOUR: '12',
      MEMBER_WRITES_PER_MINUTE: '14',
      MIN_FREE_DISK_MB: '0',
      MIN_BODY_KB_PER_SECOND: '0.5',
      SLOW_BODY_WINDOW_SECONDS: '2.5',
    }).limits;
    expect(set).toEqual({ uploadBytesPerDay: MB / 2, unattachedUploads: 3, projectsPerDay: 4, unpaidJobs: 1, contactMessagesPerHour: 6, contactMessagesPerIp: 13, likesFollowsPerMinute: 7, profileEditsPerHour: 8, commentsPerHour: 9, reportsPerHour: 10, jobChangesPerHour: 11, collectionWritesPerHour: 12, memberWritesPerMinute: 14, minFreeDiskBytes: 0, bodyFloor: { bytesPerSecond: 512, windowMs: 2500 } });
    expect(() => loadConfig({ LIKES_FOLLOWS_PER_MINUTE: '0' })).toThrow(/^Invalid configuration: LIKES_FOLLOWS_PER_MINUTE /);
    expect(() => loadConfig({ UNPAID_JOBS_MAX: 'many' })).toThrow(/^Invalid configuration: UNPAID_JOBS_MAX /);
    expect(() => loadConfig({ SLOW_BODY_WINDOW_SECONDS: '0' })).toThrow(/^Invalid configuration: SLOW_BODY_WINDOW_SECONDS /);
  });

  it('stops with one line naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL or unset/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('accepts videos up to 120 s with ffmpeg and ffprobe from PATH unless told otherwise', () => {
    expect(loadConfig({}).media).toEqual({ maxVideoSeconds: 120, ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
    expect(loadConfig({ MAX_VIDEO_SECONDS: '30', FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg' }).media).toMatchObject({ maxVideoSeconds: 30, ffmpegPath: '/opt/ffmpeg/bin/ffmpeg' });
    expect(() => loadConfig({ MAX_VIDEO_SECONDS: '0' })).toThrow(/^Invalid configuration: MAX_VIDEO_SECONDS /);
  });

  it('pays through Stripe only with both keys, and in test mode otherwise', () => {
    expect(loadConfig({}).payments).toEqual({ mode: 'test', webhookSecret: undefined, inProduction: false });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY must be set together with STRIPE_SECRET_KEY/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_API_BASE: 'http://127.0.0.1:12111' }).payments).toEqual({
      mode: 'stripe',
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      webhookSecret: undefined,
      apiBase: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(() => loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' })).toThrow(/STRIPE_API_BASE/);
  });

  it('PAYMENTS_MODE: unset, off in production without Stripe keys; explicit stripe needs the keys; explicit test in production is allowed', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' };
    expect(loadConfig({ NODE_ENV: 'production' }).payments).toEqual({ mode: 'off' });
    expect(loadConfig({ NODE_ENV: 'production', ...keys }).payments).toMatchObject({ mode: 'stripe', secretKey: 'sk_live_x' });
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toMatchObject({ mode: 'test', inProduction: false });
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_MODE: 'test' }).payments).toEqual({ mode: 'test', webhookSecret: undefined, inProduction: true });
    expect(loadConfig({ PAYMENTS_MODE: 'off', ...keys }).payments).toEqual({ mode: 'off' });
    expect(loadConfig({ PAYMENTS_MODE: 'test', ...keys }).payments).toMatchObject({ mode: 'test' });
    expect(() => loadConfig({ PAYMENTS_MODE: 'stripe' })).toThrow(/^Invalid configuration: STRIPE_SECRET_KEY must be set when PAYMENTS_MODE is stripe$/);
    expect(() => loadConfig({ PAYMENTS_MODE: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ PAYMENTS_MODE: 'free' })).toThrow(/^Invalid configuration: PAYMENTS_MODE must be one of stripe, test, off or unset$/);
    expect(loadConfig({ PAYMENTS_MODE: '', NODE_ENV: 'production' }).payments).toEqual({ mode: 'off' });
  });

  it('logs mail without SMTP_URL, from and to addresses on the public domain unless configured', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: '"Portfolio Platform" <no-reply@localhost>', supportEmail: 'support@localhost' });
    expect(loadConfig({ PUBLIC_URL: 'https://gallery.example', SITE_NAME: 'Koi "Gallery"' }).mail).toEqual({
      smtpUrl: undefined,
      from: '"Koi Gallery" <no-reply@gallery.example>',
      supportEmail: 'support@gallery.example',
    });
    const configured = { SMTP_URL: 'smtps://user:pass@smtp.example.com:465', MAIL_FROM: 'Gallery <hello@gallery.example>', SUPPORT_EMAIL: 'help@gallery.example' };
    expect(loadConfig(configured).mail).toEqual({ smtpUrl: configured.SMTP_URL, from: configured.MAIL_FROM, supportEmail: configured.SUPPORT_EMAIL });
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.com' })).toThrow(/^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ MAIL_FROM: 'Gallery <hello@gallery.example>\r\nBcc: x@example.com' })).toThrow(/^Invalid configuration: MAIL_FROM /);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow(/^Invalid configuration: SUPPORT_EMAIL must be an e-mail address/);
  });

  it('runs one app process unless WEB_CONCURRENCY asks for more, and more only with Redis to share writes and limits', () => {
    expect(loadConfig({}).processes).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4', REDIS_URL: 'redis://127.0.0.1:6379' }).processes).toBe(4);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/^Invalid configuration: WEB_CONCURRENCY above 1 needs REDIS_URL/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/^Invalid configuration: WEB_CONCURRENCY /);
    expect(() => loadConfig({ WEB_CONCURRENCY: '1.5' })).toThrow(/^Invalid configuration: WEB_CONCURRENCY /);
    expect(() => loadConfig({ WEB_CONCURRENCY: '65', REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/^Invalid configuration: WEB_CONCURRENCY /);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined, redisUrl: undefined });
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', siteName: 'Portfolio Platform', trustProxy: false, invitesPerUser: 3, publicUrl: 'http://localhost:3000' });
    expect(config.databaseUrl).toBeUndefined();
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
    expect(loadConfig({}).payments).toEqual({ provider: 'test', webhookSecret: undefined });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY must be set together with STRIPE_SECRET_KEY/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_API_BASE: 'http://127.0.0.1:12111' }).payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      webhookSecret: undefined,
      apiBase: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(() => loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' })).toThrow(/STRIPE_API_BASE/);
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

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined, redisUrl: undefined });
  });
});

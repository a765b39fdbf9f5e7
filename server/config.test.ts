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

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined, redisUrl: undefined });
  });
});

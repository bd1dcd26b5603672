import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has defaults for the embedded start', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', RRP_DATA_DIR: './data', RRP_JOBS: true });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('stops on a bad value and names it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ RRP_JOBS: 'maybe' })).toThrow(/RRP_JOBS/);
  });

  it('takes the secrets key as 64 hex digits or base64 of 32 bytes, and names it when it is neither', () => {
    expect(loadConfig({ RRP_SECRETS_KEY: 'ab'.repeat(32) }).RRP_SECRETS_KEY).toBe('ab'.repeat(32));
    expect(loadConfig({ RRP_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') }).RRP_SECRETS_KEY).toBeDefined();
    expect(() => loadConfig({ RRP_SECRETS_KEY: 'ab'.repeat(16) })).toThrow(/RRP_SECRETS_KEY: must be 32 bytes as 64 hexadecimal digits or base64/);
    expect(() => loadConfig({ RRP_SECRETS_KEY: 'not a key' })).toThrow(/RRP_SECRETS_KEY/);
  });

  it('takes a pooler and a replica only with DATABASE_URL, and a transaction pooler only with the primary’s own address', () => {
    const pg = 'postgres://postgres@127.0.0.1:6432/rrp';
    expect(() => loadConfig({ DATABASE_URL: pg, DATABASE_POOLER: 'transaction' })).toThrow(/DATABASE_DIRECT_URL: is required with DATABASE_POOLER=transaction/);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: pg })).toThrow(/DATABASE_REPLICA_URL: needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: pg, DATABASE_POOLER: 'statement' })).toThrow(/DATABASE_POOLER/);
    const c = loadConfig({ DATABASE_URL: pg, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: 'postgres://postgres@127.0.0.1:5432/rrp' });
    expect([c.DATABASE_POOLER, c.RRP_REPLICA_MAX_LAG_SECONDS]).toEqual(['transaction', 30]);
  });

  it('refuses the captcha test hook in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', RRP_TEST_CAPTCHA: 'abcd' })).toThrow(/RRP_TEST_CAPTCHA: is a test hook/);
    expect(loadConfig({ NODE_ENV: 'test', RRP_TEST_CAPTCHA: 'abcd' }).RRP_TEST_CAPTCHA).toBe('abcd');
  });

  it('reads which proxies to believe for the client address, and refuses anything else', () => {
    expect(loadConfig({}).RRP_TRUST_PROXY).toBe(false);
    expect(loadConfig({ RRP_TRUST_PROXY: 'off' }).RRP_TRUST_PROXY).toBe(false);
    expect(loadConfig({ RRP_TRUST_PROXY: 'on' }).RRP_TRUST_PROXY).toBe(true);
    expect(loadConfig({ RRP_TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,loopback' }).RRP_TRUST_PROXY).toEqual(['10.0.0.2', '192.168.0.0/16', 'loopback']);
    expect(loadConfig({ RRP_TRUST_PROXY: 'fd00::/8' }).RRP_TRUST_PROXY).toEqual(['fd00::/8']);
    for (const bad of ['2', 'maybe', '10.0.0.0/33', '10.0.0.1/8/1', 'example.com'])
      expect(() => loadConfig({ RRP_TRUST_PROXY: bad }), bad).toThrow(/RRP_TRUST_PROXY: must be off, on, or the proxies/);
  });

  it('takes the support contact from the environment, with defaults', () => {
    expect(loadConfig({}).supportContact).toEqual({
      phone: '400-800-1234',
      email: 'support@rrp.local',
      officialSite: '',
      hours: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00', utcOffsetMinutes: 480 },
    });
    const c = loadConfig({
      RRP_SUPPORT_PHONE: '+44 20 7946 0000',
      RRP_SUPPORT_EMAIL: 'help@corp.example',
      RRP_OFFICIAL_SITE: 'https://corp.example/zh',
      RRP_SUPPORT_HOURS: '7,1-3 08:00-20:30 UTC-3',
    });
    expect(c.supportContact).toEqual({
      phone: '+44 20 7946 0000',
      email: 'help@corp.example',
      officialSite: 'https://corp.example/zh',
      hours: { days: [1, 2, 3, 7], from: '08:00', to: '20:30', utcOffsetMinutes: -180 },
    });
  });

  it('stops on a bad support contact and names the variable', () => {
    expect(() => loadConfig({ RRP_SUPPORT_PHONE: 'call us' })).toThrow(/RRP_SUPPORT_PHONE: must be a phone number/);
    expect(() => loadConfig({ RRP_SUPPORT_EMAIL: 'nobody' })).toThrow(/RRP_SUPPORT_EMAIL: must be an e-mail/);
    expect(() => loadConfig({ RRP_OFFICIAL_SITE: 'http://corp.example' })).toThrow(/RRP_OFFICIAL_SITE: must be an https/);
    for (const hours of [
      'Mon-Fri 09:00-18:00 +08:00',
      '1-5 9:00-18:00 +08:00',
      '1-5 18:00-09:00 +08:00',
      '1,1 09:00-18:00 +08',
      '5-1 09:00-18:00 +8',
      '1-5 09:00-18:00 +08:10',
    ])
      expect(() => loadConfig({ RRP_SUPPORT_HOURS: hours }), hours).toThrow(/RRP_SUPPORT_HOURS: must be/);
  });
});

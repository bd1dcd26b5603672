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

  it('refuses the captcha test hook in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', RRP_TEST_CAPTCHA: 'abcd' })).toThrow(/RRP_TEST_CAPTCHA: is a test hook/);
    expect(loadConfig({ NODE_ENV: 'test', RRP_TEST_CAPTCHA: 'abcd' }).RRP_TEST_CAPTCHA).toBe('abcd');
  });
});

import { statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { embeddedSimulatorWanted, loadWechatPayConfig, startEmbeddedSimulator, WECHATPAY_API, WechatPayConfigError } from './index.js';
import { tempDataDir } from './test-fixtures.js';

const env = (extra: Record<string, string> = {}) => ({ NODE_ENV: 'test', RRP_DATA_DIR: tempDataDir(), PORT: '8080', ...extra });

describe('loadWechatPayConfig', () => {
  it('generates the embedded key set once (mode 0600) and reuses it', () => {
    const config = loadConfig(env());
    const a = loadWechatPayConfig(config);
    expect(a).toMatchObject({
      baseUrl: 'http://127.0.0.1:8089',
      notifyUrl: 'http://127.0.0.1:8080/api/v1/pay/wechat/notify',
      mchId: expect.stringMatching(/^\d{10}$/),
      appId: expect.stringMatching(/^wx[0-9a-f]{16}$/),
      merchantSerialNo: expect.stringMatching(/^[0-9A-F]{40}$/),
      platformPublicKeyId: expect.stringMatching(/^PUB_KEY_ID_\d{32}$/),
      apiV3Key: expect.stringMatching(/^[0-9A-Za-z]{32}$/),
    });
    expect(a.merchantPrivateKey).toMatch(/BEGIN PRIVATE KEY/);
    expect(a.platformPublicKey).toMatch(/BEGIN PUBLIC KEY/);
    for (const f of ['identity.json', 'merchant_private_key.pem', 'merchant_public_key.pem', 'platform_private_key.pem', 'platform_public_key.pem'])
      expect(statSync(join(config.dataDir, 'wechatpay', f)).mode & 0o777).toBe(0o600);
    expect(statSync(join(config.dataDir, 'wechatpay')).mode & 0o077).toBe(0);
    expect(loadWechatPayConfig(config)).toEqual(a);
    expect(embeddedSimulatorWanted(config)).toBe(true);
  });

  it('takes each WECHATPAY_* variable first, and the notify URL from RRP_PUBLIC_URL', () => {
    const c = loadConfig(
      env({
        WECHATPAY_MCHID: '1900000109',
        WECHATPAY_APPID: 'wxd678efh567hg6787',
        RRP_PUBLIC_URL: 'https://console.example.com/',
        WECHATPAY_SIM_PORT: '18089',
      }),
    );
    expect(loadWechatPayConfig(c)).toMatchObject({
      mchId: '1900000109',
      appId: 'wxd678efh567hg6787',
      baseUrl: 'http://127.0.0.1:18089',
      notifyUrl: 'https://console.example.com/api/v1/pay/wechat/notify',
    });
    expect(loadWechatPayConfig(loadConfig(env({ WECHATPAY_NOTIFY_URL: 'https://pay.example.com/hook', WECHATPAY_BASE_URL: 'http://sim:1/' }))).notifyUrl).toBe(
      'https://pay.example.com/hook',
    );
  });

  it('uses a full key set from the environment, and WeChat Pay itself for a real platform key', () => {
    const donor = loadWechatPayConfig(loadConfig(env()));
    const dir = tempDataDir();
    writeFileSync(join(dir, 'apiclient_key.pem'), donor.merchantPrivateKey);
    writeFileSync(join(dir, 'pub_key.pem'), donor.platformPublicKey);
    const full = {
      WECHATPAY_MCHID: '1900000109',
      WECHATPAY_APPID: 'wxd678efh567hg6787',
      WECHATPAY_MERCHANT_SERIAL_NO: '3775B6A45ACD588826D15E583A95F5DD12345678',
      WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: join(dir, 'apiclient_key.pem'),
      WECHATPAY_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000001',
      WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: join(dir, 'pub_key.pem'),
      WECHATPAY_APIV3_KEY: 'abcdefghijABCDEFGHIJ0123456789ab',
    };
    const c = loadConfig(env({ NODE_ENV: 'production', RRP_DATA_DIR: join(dir, 'data'), ...full }));
    expect(loadWechatPayConfig(c)).toMatchObject({ baseUrl: WECHATPAY_API, mchId: '1900000109', apiV3Key: full.WECHATPAY_APIV3_KEY });
    expect(embeddedSimulatorWanted(c)).toBe(false);
    // nothing was generated: the environment had it all
    expect(() => statSync(join(dir, 'data', 'wechatpay'))).toThrow();

    expect(() => loadWechatPayConfig(loadConfig(env({ ...full, WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: join(dir, 'missing.pem') })))).toThrow(
      /WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: cannot read/,
    );
    expect(() => loadWechatPayConfig(loadConfig(env({ ...full, WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: join(dir, 'apiclient_key.pem') })))).toThrow(
      WechatPayConfigError,
    );
  });

  it('refuses a partial key set in production, naming what is missing, and bad values anywhere', () => {
    expect(() => loadConfig(env({ NODE_ENV: 'production', WECHATPAY_MCHID: '1900000109', WECHATPAY_APIV3_KEY: 'abcdefghijABCDEFGHIJ0123456789ab' }))).toThrow(
      /WECHATPAY_APPID: WeChat Pay needs the whole key set in production: .*\(missing: WECHATPAY_APPID, WECHATPAY_MERCHANT_SERIAL_NO, WECHATPAY_MERCHANT_PRIVATE_KEY_FILE, WECHATPAY_PLATFORM_PUBLIC_KEY_ID, WECHATPAY_PLATFORM_PUBLIC_KEY_FILE\)/,
    );
    expect(() => loadConfig(env({ NODE_ENV: 'production' }))).not.toThrow();
    expect(() => loadConfig(env({ WECHATPAY_MCHID: '1900000109' }))).not.toThrow();
    expect(() => loadConfig(env({ WECHATPAY_APIV3_KEY: 'short' }))).toThrow(/WECHATPAY_APIV3_KEY: must be the 32-character APIv3 key/);
    expect(() => loadConfig(env({ WECHATPAY_BASE_URL: 'ftp://x' }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ WECHATPAY_PLATFORM_PUBLIC_KEY_ID: '7132D72A03E93CDDF8C03BBD1F37EEDF' }))).toThrow(/PUB_KEY_ID_/);
    expect(() => loadConfig(env({ WECHATPAY_SIM_PORT: '70000' }))).toThrow(/WECHATPAY_SIM_PORT/);
    expect(embeddedSimulatorWanted(loadConfig(env({ NODE_ENV: 'production' })))).toBe(false);
  });
});

describe('the embedded simulator (a child process)', () => {
  const freePort = async () => {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as AddressInfo).port;
    await new Promise<void>((r) => s.close(() => r()));
    return port;
  };

  it('starts on the port, is reused while it runs, moves to a free port when the port is held by something else, and stops', async () => {
    const config = loadConfig(env());
    const wx = loadWechatPayConfig(config);
    const port = await freePort();
    const warnings: string[] = [];
    const first = await startEmbeddedSimulator({ dataDir: config.dataDir, port, platformPublicKeyId: wx.platformPublicKeyId }, (m) => warnings.push(m));
    expect(first).toMatchObject({ url: `http://127.0.0.1:${port}`, reused: false });
    try {
      const health = await (await fetch(`${first?.url}/healthz`)).json();
      expect(health).toMatchObject({ service: 'wechatpay-sim', mchid: wx.mchId, platform_public_key_id: wx.platformPublicKeyId });
      const second = await startEmbeddedSimulator({ dataDir: config.dataDir, port, platformPublicKeyId: wx.platformPublicKeyId });
      expect(second).toMatchObject({ url: first?.url, reused: true });
      await second?.stop(); // leaves the running one alone
      expect((await fetch(`${first?.url}/healthz`)).ok).toBe(true);

      // another data directory (another key set) does not reuse it
      const other = loadConfig(env());
      const otherWx = loadWechatPayConfig(other);
      const third = await startEmbeddedSimulator({ dataDir: other.dataDir, port, platformPublicKeyId: otherWx.platformPublicKeyId }, (m) => warnings.push(m));
      try {
        expect(third?.reused).toBe(false);
        expect(third?.url).not.toBe(first?.url);
        expect(warnings.join('\n')).toMatch(/in use by something else/);
        expect(await (await fetch(`${third?.url}/healthz`)).json()).toMatchObject({ platform_public_key_id: otherWx.platformPublicKeyId });
      } finally {
        await third?.stop();
      }
    } finally {
      await first?.stop();
    }
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 30_000);
});

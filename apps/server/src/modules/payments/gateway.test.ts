import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../orders/index.js';
import { createWechatPayGateway, simulatorPayUrl, type WechatPayConfig } from './index.js';
import { configFor, startReceiver, startTestSimulator, tradeNo } from './test-fixtures.js';

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let cfg: WechatPayConfig;

beforeAll(async () => {
  sim = await startTestSimulator();
  receiver = await startReceiver([204]);
  cfg = configFor(sim.dataDir, sim.url, receiver.url);
});
afterAll(async () => {
  await sim?.close();
  await receiver?.close();
});

describe('the payment gateway the orders module uses', () => {
  it('is the orders module’s PaymentGateway: create, pay on the simulator’s page, open the notification', async () => {
    const gateway: PaymentGateway = createWechatPayGateway(cfg);
    expect([gateway.mchId, gateway.appId]).toEqual([cfg.mchId, cfg.appId]);
    const no = tradeNo('G');
    const { codeUrl } = await gateway.createNative({ outTradeNo: no, description: '年包', amountFen: 36000, timeExpire: new Date(Date.now() + 900_000) });
    const page = gateway.simulatorPayUrl?.(codeUrl);
    expect(page).toBe(`${sim.url}/pay?pr=${new URL(codeUrl).searchParams.get('pr')}`);

    // a person presses the button on that page
    const pr = new URL(page as string).searchParams.get('pr') as string;
    const pressed = await fetch(`${sim.url}/pay`, { method: 'POST', body: new URLSearchParams({ pr }), redirect: 'manual' });
    expect(pressed.status).toBe(303);
    const [n] = await receiver.waitFor(1);
    const opened = gateway.openNotification(n.headers, n.body);
    expect(opened).toMatchObject({ ok: true, eventType: 'TRANSACTION.SUCCESS', transaction: { outTradeNo: no, tradeState: 'SUCCESS', amountFen: 36000 } });
    expect((await gateway.queryByOutTradeNo(no))?.tradeState).toBe('SUCCESS');
  });

  it('links to the simulator’s page only for the simulator and a code_url', () => {
    expect(simulatorPayUrl('http://127.0.0.1:8089/', 'weixin://wxpay/bizpayurl?pr=Ab12Cd34')).toBe('http://127.0.0.1:8089/pay?pr=Ab12Cd34');
    expect(simulatorPayUrl('https://api.mch.weixin.qq.com', 'weixin://wxpay/bizpayurl?pr=Ab12Cd34')).toBeNull();
    expect(simulatorPayUrl('https://api2.mch.weixin.qq.com/', 'weixin://wxpay/bizpayurl?pr=Ab12Cd34')).toBeNull();
    expect(simulatorPayUrl('http://127.0.0.1:8089', 'https://evil.example/?pr=x')).toBeNull();
  });
});

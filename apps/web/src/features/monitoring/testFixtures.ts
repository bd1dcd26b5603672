import type { TStrategy, TStrategyDetail, TStrategyDevice } from '@rrp/contracts';

/* What the strategy endpoints answer, shaped by the contracts, for the tests of the strategies page. */

export const STRATEGY_ID = '8d9e0f1a-0000-4000-8000-000000000001';
export const OTHER_STRATEGY_ID = '8d9e0f1a-0000-4000-8000-000000000002';

/** The permission that opens /settings. */
export const STRATEGY_PERMS = ['SERVICE_SETTING', 'SERVICE_SETTING_MONITORSTRATEGY_INFO'];

export function strategy(overrides: Partial<TStrategy> = {}): TStrategy {
  return {
    id: STRATEGY_ID,
    name: '仓库专线',
    interval: 10,
    type: 'multiple',
    domains: ['www.example.com', '8.8.8.8'],
    quality: 'general',
    mode: 'any',
    packetLoss: 5,
    delay: 400,
    jitter: 50,
    consecutive: 3,
    switchTo: 'esim',
    deviceCount: 12,
    createdAt: '2026-11-18T02:30:00Z',
    updatedAt: '2026-11-18T02:30:00Z',
    ...overrides,
  };
}

export function device(overrides: Partial<TStrategyDevice> = {}): TStrategyDevice {
  return {
    imei: '860000000000001',
    name: '叉车 1',
    status: 'physical_card',
    online: true,
    networkOperator: 'China Mobile',
    networkOperatorCode: null,
    strategyId: null,
    strategyName: null,
    lastProbe: null,
    ...overrides,
  };
}

export const DEVICES: TStrategyDevice[] = [
  device(),
  device({
    imei: '860000000000002',
    name: '叉车 2',
    strategyId: OTHER_STRATEGY_ID,
    strategyName: '门店',
    lastProbe: { at: '2026-11-20T01:00:00Z', domain: 'www.example.com', packetLoss: 2.5, delay: 120, jitter: 18 },
  }),
  device({ imei: '860000000000003', name: '叉车 3', online: false, strategyId: STRATEGY_ID, strategyName: '仓库专线' }),
];

export function detail(overrides: Partial<TStrategyDetail> = {}): TStrategyDetail {
  return {
    strategy: strategy(),
    switches: [
      {
        imei: '860000000000003',
        at: '2026-11-21T03:04:05Z',
        from: 'physical_card',
        to: 'esim',
        status: 'done',
        reason: { domain: 'www.example.com', packetLoss: 40, delay: 900, jitter: null, failed: ['packetLoss', 'delay', 'jitter'], probes: 3 },
      },
    ],
    ...overrides,
  };
}

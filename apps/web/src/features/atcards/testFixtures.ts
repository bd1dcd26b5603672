import type { TAtCard, TAtLogEntry } from '@rrp/contracts';

/* What the AT card endpoints answer, shaped by the contracts, for the tests of the AT card page. */

export const IMEI_A = '865500000000001';
export const IMEI_B = '865500000000002';
export const ICCID_A1 = '89860012345678901234';
export const ICCID_A2 = '89860198765432109876';

export function atCard(overrides: Partial<TAtCard> = {}): TAtCard {
  return {
    imei: IMEI_A,
    deviceName: '冷库网关 <A>',
    slot: 1,
    iccid: ICCID_A1,
    operatorCode: '46000',
    state: 'active',
    signalLevel: 4,
    pending: false,
    syncedAt: '2026-11-20T08:30:00Z',
    ...overrides,
  };
}

export const CARDS: TAtCard[] = [
  atCard(),
  atCard({ slot: 2, iccid: ICCID_A2, operatorCode: '46001', state: 'standby', signalLevel: null }),
  atCard({ imei: IMEI_B, deviceName: 'Pump B', iccid: '89860000000000000011', operatorCode: '46011' }),
  atCard({ imei: IMEI_B, deviceName: 'Pump B', slot: 2, iccid: null, operatorCode: null, state: 'empty', signalLevel: null }),
];

export const SYNC_ANSWER = `+QCCID: ${ICCID_A1}\r\n+QCCID: ${ICCID_A2}\r\n+COPS: 0,0,"CHINA MOBILE",7\r\n+CSQ: 24,99\r\n\r\nOK`;

export function logEntry(overrides: Partial<TAtLogEntry> = {}): TAtLogEntry {
  return {
    operationId: 11,
    command: 'switch',
    slot: 2,
    at: 'AT+QDSIM=1',
    response: 'OK',
    status: 'done',
    actor: '张三',
    createdAt: '2026-11-20T08:30:00Z',
    finishedAt: '2026-11-20T08:30:04Z',
    ...overrides,
  };
}

export const LOG: TAtLogEntry[] = [
  logEntry({ operationId: 13, command: 'sync', slot: null, at: 'AT+QCCID;+COPS?;+CSQ', response: SYNC_ANSWER }),
  logEntry({ operationId: 12, slot: 2, response: '+CME ERROR: 10', status: 'failed' }),
  logEntry(),
];

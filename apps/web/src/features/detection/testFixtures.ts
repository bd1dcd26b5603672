import type { TDetection } from './api';

export const IMEI = '861234567890123';
export const DETECTION_ID = '3f2a1b4c-0000-4000-8000-000000000001';

/** A detection as the server answers it: just sent to the device; tests override what they are about. */
export function detection(overrides: Partial<TDetection> = {}): TDetection {
  return {
    id: DETECTION_ID,
    imei: IMEI,
    domain: 'www.baidu.com',
    state: 'detecting',
    startedAt: new Date().toISOString(),
    finishedAt: null,
    result: null,
    failure: null,
    ...overrides,
  };
}

export const RESULT: NonNullable<TDetection['result']> = {
  packetLoss: 0.5,
  delay: 42,
  jitter: 8,
  grade: 'smooth',
  networkOperator: 'China Mobile',
  networkOperatorCode: '46000',
  signalLevel: 4,
};

/** Answers of successive polls: each call takes the next, the last one repeats. */
export function sequence<T>(items: T[]): () => T {
  let i = 0;
  return () => items[Math.min(i++, items.length - 1)];
}

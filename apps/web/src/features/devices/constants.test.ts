import * as contracts from '@rrp/contracts';
import { expect, test } from 'vitest';
import { DEVICE_STATUSES, DEVICE_TIMING, EXPORT_LIMITS, REGIONS } from './constants';

test('the web copies of the device constants equal the contracts', () => {
  expect(REGIONS).toEqual(contracts.REGIONS);
  expect(DEVICE_STATUSES).toEqual(contracts.DEVICE_STATUSES);
  expect(EXPORT_LIMITS).toEqual(contracts.EXPORT_LIMITS);
  expect(DEVICE_TIMING).toEqual(contracts.DEVICE_TIMING);
});

import type { TAcImportResult, TAcRecord } from '@rrp/contracts';
import { AC_IMPORT_FAILURES } from '@rrp/contracts/constants';

/* What the AC endpoints answer, shaped by the contracts, for the tests of the AC list page. */

/** The permission that opens /ac-list. */
export const AC_PERMS = ['AC_LIST'];

export const IDLE_CODE = 'LPA:1$smdp.example.com$MATCH-0001';
export const BOUND_CODE = 'LPA:1$smdp.example.com$MATCH-0002';
export const INVALID_CODE = 'LPA:1$smdp.example.com$MATCH-0003';
export const DELETED_CODE = 'LPA:1$smdp.example.com$MATCH-0004';
export const EID = '89049032000000000000000000000001';

export function acRecord(overrides: Partial<TAcRecord> = {}): TAcRecord {
  return {
    acCode: IDLE_CODE,
    imei: '860000000000001',
    eid: null,
    iccid: '8986000000000000001',
    operatorCode: '46000',
    status: 'IDLE',
    boundImei: null,
    boundAt: null,
    createdAt: '2026-11-20T08:30:00Z',
    updatedAt: '2026-11-20T08:30:00Z',
    ...overrides,
  };
}

export const ACS: TAcRecord[] = [
  acRecord(),
  acRecord({
    acCode: BOUND_CODE,
    imei: null,
    eid: EID,
    operatorCode: '46001',
    status: 'ASSIGNED',
    boundImei: '860000000000009',
    boundAt: '2026-11-21T01:00:00Z',
  }),
  acRecord({ acCode: INVALID_CODE, imei: '860000000000003', iccid: null, operatorCode: '46011', status: 'ORDER_INVALID' }),
  acRecord({ acCode: DELETED_CODE, imei: '860000000000004', status: 'DELETED' }),
];

export const LICENSES = { available: 120, used: 30, total: 150 };

/** An import of 12 declared rows: 3 imported, one row refused for each reason there is. */
export function importResult(overrides: Partial<TAcImportResult> = {}): TAcImportResult {
  return {
    declared: 12,
    rows: 12,
    imported: 3,
    failures: AC_IMPORT_FAILURES.map((reason, i) => ({ row: i + 5, acCode: `LPA:1$smdp.example.com$ROW-${i + 5}`, reason })),
    acLicenses: 117,
    ...overrides,
  };
}

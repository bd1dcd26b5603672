import { describe, expect, it } from 'vitest';
import { effectivePermissions, PERMISSIONS, STAFF_PERMISSIONS } from './permissions.js';

describe('permission codes', () => {
  it('hold no comma: the session statement reads a member’s codes as one comma-separated text', () => {
    for (const code of [...PERMISSIONS, ...STAFF_PERMISSIONS]) expect(code).toMatch(/^[A-Za-z0-9_:.-]+$/);
  });

  it('read back from that text as the effective codes, unknown ones dropped', () => {
    const granted = [PERMISSIONS[0], PERMISSIONS[1], 'NOT_A_CODE'].join(',').split(',');
    expect(effectivePermissions(granted, 1)).toEqual(effectivePermissions([PERMISSIONS[0], PERMISSIONS[1]], 1));
    expect(effectivePermissions(granted, 1)).not.toContain('NOT_A_CODE');
  });
});

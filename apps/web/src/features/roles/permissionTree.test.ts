import { describe, expect, test } from 'vitest';
import { grantableCodes, invert, normalise } from './permissionTree';

const TREE = [
  { code: 'DEVICE_LIST', grantable: true, children: [] },
  {
    code: 'ACCOUNT',
    grantable: true,
    children: [
      { code: 'ACCOUNT_INFO', grantable: true },
      { code: 'AUDIT_LOG', grantable: false },
    ],
  },
];

describe('role permission tree', () => {
  test('select all takes only the codes the caller may grant', () => {
    expect(grantableCodes(TREE)).toEqual(['DEVICE_LIST', 'ACCOUNT', 'ACCOUNT_INFO']);
  });

  test('invert flips the grantable codes and never adds one the caller lacks', () => {
    expect(invert(TREE, ['DEVICE_LIST'])).toEqual(['ACCOUNT', 'ACCOUNT_INFO']);
    expect(invert(TREE, grantableCodes(TREE))).toEqual([]);
  });

  test('a section code follows its children', () => {
    expect(normalise(TREE, ['ACCOUNT_INFO']).sort()).toEqual(['ACCOUNT', 'ACCOUNT_INFO']);
    expect(normalise(TREE, ['ACCOUNT', 'DEVICE_LIST'])).toEqual(['DEVICE_LIST']);
  });
});

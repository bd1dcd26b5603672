import { AREA_CODES, NETWORK_OPERATOR_CODES, REGIONS } from '@rrp/contracts';
import { describe, expect, it } from 'vitest';
import { AREAS, areaCode, NETWORK_OPERATORS, networkOperatorCode } from './catalogue.js';
import { profileOf, worldOf } from './simulator/world.js';

describe('operator and area catalogue', () => {
  it('has one entry for every code the contracts declare, and no other', () => {
    expect(NETWORK_OPERATORS.map((o) => o.code).sort()).toEqual([...NETWORK_OPERATOR_CODES].sort());
    expect(AREAS.map((a) => a.code).sort()).toEqual([...AREA_CODES].sort());
  });

  it('finds the code of a reported name whatever its case or spacing, or of the code itself; unknown names have none', () => {
    expect(networkOperatorCode('China Mobile')).toBe('46000');
    expect(networkOperatorCode(' china mobile ')).toBe('46000');
    expect(networkOperatorCode('46011')).toBe('46011');
    expect(networkOperatorCode('Telefónica')).toBe('21407');
    expect(networkOperatorCode('Acme Mobile')).toBeNull();
    expect(networkOperatorCode(null)).toBeNull();
    expect(areaCode('Guangdong Guangzhou')).toBe('cn-gd-guangzhou');
    expect(areaCode('São Paulo')).toBe('br-sao-paulo');
    expect(areaCode('Atlantis')).toBeNull();
  });

  it('gives every simulated device an operator and an area the catalogue knows', () => {
    for (const region of REGIONS) {
      for (const o of worldOf(region).networkOperators) expect(networkOperatorCode(o.name), o.name).not.toBeNull();
      for (const a of worldOf(region).areas) expect(areaCode(a), a).not.toBeNull();
      const p = profileOf('861234567890123', region);
      expect(networkOperatorCode(p.networkOperator)).not.toBeNull();
      expect(areaCode(p.area)).not.toBeNull();
    }
  });
});

import { describe, expect, test } from 'vitest';
import { fenText, formatFen, formatYuan, toFen, totalFen } from './money';

describe('money in fen', () => {
  test('yuan with two decimals become exact fen', () => {
    expect(toFen(0.1)).toBe(10);
    expect(toFen(19.99)).toBe(1999);
    expect(toFen(1.005 + 0.005)).toBe(101);
    expect(toFen(1_000_000)).toBe(100_000_000);
  });

  test('a total is the unit price in fen times the quantity, without floating-point drift', () => {
    // 0.1 × 3 is 0.30000000000000004 in floating point; in fen it is 30
    expect(totalFen(0.1, 3)).toBe(30);
    expect(totalFen(19.99, 10_000)).toBe(19_990_000);
    expect(totalFen(59.9, 7)).toBe(41_930);
  });

  test('formats fen with two decimals and grouping', () => {
    expect(fenText(41_930, 'en')).toBe('419.30');
    expect(fenText(19_990_000, 'en')).toBe('199,900.00');
    expect(formatFen(5, 'zh-CN')).toBe('¥0.05');
    expect(formatYuan(1234.5, 'zh-CN')).toBe('¥1,234.50');
    expect(formatYuan(null, 'en')).toBe('—');
  });
});

import { describe, expect, test } from 'vitest';
import { addWorkingDays, isOverdue } from './deadline';

// 2026-11-20 is a Friday
describe('invoice deadlines in working days', () => {
  test('count Monday to Friday after the UTC day of the application', () => {
    expect(addWorkingDays('2026-11-19T10:00:00Z', 2)).toBe('2026-11-23'); // Thursday → Monday
    expect(addWorkingDays('2026-11-20T08:00:00Z', 2)).toBe('2026-11-24'); // Friday → Tuesday
    expect(addWorkingDays('2026-11-20T08:00:00Z', 3)).toBe('2026-11-25'); // Friday → Wednesday
    expect(addWorkingDays('2026-11-23T08:00:00Z', 2)).toBe('2026-11-25'); // Monday → Wednesday
  });

  test('a weekend application counts from Monday; the day is the UTC one', () => {
    expect(addWorkingDays('2026-11-21T08:00:00Z', 2)).toBe('2026-11-24'); // Saturday → Tuesday
    expect(addWorkingDays('2026-11-22T23:59:59Z', 3)).toBe('2026-11-25'); // Sunday → Wednesday
    // Saturday 07:00 in Shanghai is still Friday in UTC
    expect(addWorkingDays('2026-11-21T07:00:00+08:00', 2)).toBe('2026-11-24');
    expect(addWorkingDays('2026-11-20T23:30:00Z', 2)).toBe('2026-11-24');
  });

  test('an application is late only after its due day (UTC)', () => {
    expect(isOverdue('2026-11-24', new Date('2026-11-24T23:59:00Z'))).toBe(false);
    expect(isOverdue('2026-11-24', new Date('2026-11-25T00:00:00Z'))).toBe(true);
  });
});

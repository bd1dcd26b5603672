import { describe, expect, it } from 'vitest';
import { startCursor } from './inventory.js';
import { retryDelayMs } from './run.js';
import { monthOf, usageDelta } from './usage.js';

describe('usage from cycle-to-date counters', () => {
  it('counts nothing for the first reading: it is the baseline', () => {
    expect(usageDelta({ bytes: null, cycle: null }, { bytes: 5_000, cycle: '2026-11-01' })).toBe(0);
  });

  it('counts the growth within a cycle', () => {
    expect(usageDelta({ bytes: 5_000, cycle: '2026-11-01' }, { bytes: 7_500, cycle: '2026-11-01' })).toBe(2_500);
    expect(usageDelta({ bytes: 5_000, cycle: '2026-11-01' }, { bytes: 5_000, cycle: '2026-11-01' })).toBe(0);
  });

  it('counts all of a new cycle, since the counter started again', () => {
    expect(usageDelta({ bytes: 9_000_000, cycle: '2026-11-01' }, { bytes: 1_200, cycle: '2026-12-01' })).toBe(1_200);
  });

  it('never counts a counter that went backwards within a cycle, and never a reading of an older cycle', () => {
    expect(usageDelta({ bytes: 9_000, cycle: '2026-11-01' }, { bytes: 4_000, cycle: '2026-11-01' })).toBe(0);
    expect(usageDelta({ bytes: 9_000, cycle: '2026-12-01' }, { bytes: 4_000, cycle: '2026-11-01' })).toBe(0);
  });

  it('puts a reading without a cycle in its UTC month', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-01');
    expect(monthOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
  });
});

describe('sync pacing', () => {
  it('backs off 2^failures seconds up to five minutes, or longer when the platform asked', () => {
    expect(retryDelayMs(1, null)).toBe(2_000);
    expect(retryDelayMs(3, null)).toBe(8_000);
    expect(retryDelayMs(20, null)).toBe(300_000);
    expect(retryDelayMs(1, 30_000)).toBe(30_000);
  });

  it('resumes a sync cut short at its page, else starts the next pass from the previous start less an overlap', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(startCursor(null, now)).toEqual({ since: null, page: 1, startedAt: now.toISOString(), running: true });
    const cut = { since: null, page: 7, startedAt: '2026-11-29T09:00:00.000Z', running: true };
    expect(startCursor(cut, now)).toBe(cut);
    const done = { ...cut, running: false };
    expect(startCursor(done, now)).toEqual({ since: '2026-11-29T08:55:00.000Z', page: 1, startedAt: now.toISOString(), running: true });
  });
});

import i18next from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadNamespaces } from '../../i18n';
import { dayRuns, formatDays, formatHours, formatUtcOffset } from './formatHours';

const zh = () => i18next.getFixedT('zh-CN');
const en = () => i18next.getFixedT('en');
const hours = (days: number[], utcOffsetMinutes = 480, from = '09:00', to = '18:00') => ({ days, from, to, utcOffsetMinutes });

beforeAll(async () => {
  await loadNamespaces(['common'], 'zh-CN');
  await loadNamespaces(['common'], 'en');
});

describe('service hours in the reader’s language', () => {
  test('working days, in Chinese and in English', () => {
    expect(formatHours(hours([1, 2, 3, 4, 5]), zh())).toBe('周一至周五 09:00–18:00（UTC+8）');
    expect(formatHours(hours([1, 2, 3, 4, 5]), en())).toBe('Mon–Fri 09:00–18:00 (UTC+8)');
  });

  test('every day, and the days in any order', () => {
    expect(formatHours(hours([7, 1, 2, 3, 4, 5, 6], 0, '00:00', '23:59'), zh())).toBe('每天 00:00–23:59（UTC）');
    expect(formatHours(hours([7, 1, 2, 3, 4, 5, 6], 0, '00:00', '23:59'), en())).toBe('Every day 00:00–23:59 (UTC)');
  });

  test('runs of three or more days as a range, shorter ones listed', () => {
    expect(formatDays([5, 1, 2, 3], zh())).toBe('周一至周三、周五');
    expect(formatDays([5, 1, 2, 3], en())).toBe('Mon–Wed, Fri');
    expect(formatDays([6, 7], zh())).toBe('周六、周日');
    expect(formatDays([6, 7], en())).toBe('Sat, Sun');
    expect(formatHours(hours([1, 2, 3, 4, 5, 7], 330, '08:30', '17:30'), en())).toBe('Mon–Fri, Sun 08:30–17:30 (UTC+5:30)');
  });

  test('the Chinese text holds no English day names, the English text no Chinese', () => {
    for (const days of [
      [1, 2, 3, 4, 5],
      [6, 7],
      [1, 3, 5],
      [1, 2, 3, 4, 5, 6, 7],
    ]) {
      expect(formatHours(hours(days), zh())).not.toMatch(/Mon|Tue|Wed|Thu|Fri|Sat|Sun|Every/);
      expect(formatHours(hours(days), en())).not.toMatch(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/);
    }
  });

  test('UTC offsets east and west, whole and half hours', () => {
    expect([480, 330, 345, -180, -570, 0, 840, -720].map(formatUtcOffset)).toEqual([
      'UTC+8',
      'UTC+5:30',
      'UTC+5:45',
      'UTC-3',
      'UTC-9:30',
      'UTC',
      'UTC+14',
      'UTC-12',
    ]);
  });

  test('runs group consecutive days, ignoring repeats and days outside 1–7', () => {
    expect(dayRuns([3, 1, 2, 2, 6, 9, 0])).toEqual([[1, 2, 3], [6]]);
  });
});

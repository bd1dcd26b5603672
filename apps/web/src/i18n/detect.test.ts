import { describe, expect, test } from 'vitest';
import { detectLocale } from './detect';

describe('language detection', () => {
  test.each([
    ['zh', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh-tw', 'zh-CN'],
    ['zh-HK', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['en-us', 'en'],
    ['en-GB', 'en'],
  ])('browser %s → %s', (browser, expected) => {
    expect(detectLocale(null, [browser])).toBe(expected);
  });

  test('defaults to Simplified Chinese for other or missing languages', () => {
    expect(detectLocale(null, ['fr-FR', 'de'])).toBe('zh-CN');
    expect(detectLocale(null, [])).toBe('zh-CN');
  });

  test('the first supported browser language wins', () => {
    expect(detectLocale(null, ['fr-FR', 'en-GB', 'zh-CN'])).toBe('en');
  });

  test('a stored choice beats the browser language', () => {
    expect(detectLocale('en', ['zh-CN'])).toBe('en');
    expect(detectLocale('zh-CN', ['en-US'])).toBe('zh-CN');
  });

  test('an unusable stored value is ignored', () => {
    expect(detectLocale('klingon', ['en-US'])).toBe('en');
  });

  test('reads localStorage "locale" by default', () => {
    localStorage.setItem('locale', 'en');
    try {
      expect(detectLocale(undefined, ['zh-CN'])).toBe('en');
    } finally {
      localStorage.removeItem('locale');
    }
  });
});

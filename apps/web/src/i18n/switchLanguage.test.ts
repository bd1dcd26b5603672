import { beforeEach, describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from './detect';
import { currentLocale } from './index';
import { switchLanguage } from './switchLanguage';

describe('switchLanguage', () => {
  beforeEach(() => localStorage.clear());

  it('remembers an explicit choice of the language already shown', async () => {
    const shown = currentLocale();
    await switchLanguage(shown);
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toContain(shown);
  });
});

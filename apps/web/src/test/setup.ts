import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18n } from '../i18n';

// jsdom lacks these browser APIs that antd uses
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
if (!('ResizeObserver' in window)) {
  class RO {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: typeof RO }).ResizeObserver = RO;
}

// lazy pages are compiled on first import, which takes ~8 s on a loaded 2-core machine
configure({ asyncUtilTimeout: 15_000 });

await initI18n('zh-CN');

afterEach(() => {
  cleanup();
});

import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { APP_CONFIG } from './config';

/** React.lazy with the 120-second chunk loading time-out of the spec. */
export function lazyPage<T extends ComponentType<object>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('chunk loading timed out')), APP_CONFIG.chunkTimeoutMs);
        load().then(
          (m) => {
            clearTimeout(timer);
            resolve(m);
          },
          (err: unknown) => {
            clearTimeout(timer);
            reject(err);
          },
        );
      }),
  );
}

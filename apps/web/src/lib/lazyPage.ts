import { type ComponentProps, type ComponentType, createElement, lazy, useState } from 'react';
import { loadNamespaces, type Namespace } from '../i18n';
import { loadAntdLocale } from '../i18n/antdLocale';
import { chunkRetryEpoch, withChunkRetry } from './chunkErrors';
import { APP_CONFIG } from './config';

export type LazyPageOptions = {
  /** catalogues the page needs, loaded (for the current language) before it renders */
  namespaces?: readonly Namespace[];
  /** antd's texts in the current language (pagination, empty states, pickers) */
  antdLocale?: boolean;
};

/** A lazy component that can also be fetched ahead of its first render. */
export type LazyPage<T extends ComponentType<object>> = ComponentType<ComponentProps<T>> & { preload: () => Promise<unknown> };

/**
 * React.lazy with the 120-second chunk loading time-out of the spec. The chunk, its
 * catalogues and, if asked, antd's locale load in parallel, so the page's first render is
 * already in the right language. `preload()` starts the same loading early (e.g. the console
 * while the sign-in request runs). A chunk that fails to download is fetched again (after the
 * network returns when the browser is offline); if it still fails, the error boundary shows the
 * chunk error view, and its retry (a button, or the network coming back) loads it anew. A component
 * whose code is already there renders at once, without suspending (React would otherwise show
 * the fallback for a moment, and hold the content back for its reveal throttle).
 */
export function lazyPage<T extends ComponentType<object>>(load: () => Promise<{ default: T }>, options: LazyPageOptions = {}): LazyPage<T> {
  let loading: Promise<{ default: T }> | null = null;
  const start = () =>
    new Promise<{ default: T }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('chunk loading timed out')), APP_CONFIG.chunkTimeoutMs);
      Promise.all([
        withChunkRetry(load),
        options.namespaces?.length ? withChunkRetry(() => loadNamespaces(options.namespaces ?? [])) : null,
        // without antd's texts the page still works (in antd's English defaults)
        options.antdLocale ? withChunkRetry(loadAntdLocale).catch(() => null) : null,
      ]).then(
        ([m]) => {
          clearTimeout(timer);
          resolve(m);
        },
        (err: unknown) => {
          clearTimeout(timer);
          loading = null;
          failedIn = chunkRetryEpoch();
          reject(err);
        },
      );
    });
  let loaded: T | null = null;
  const get = () => {
    loading ??= start().then((m) => {
      loaded = m.default;
      return m;
    });
    return loading;
  };
  // React.lazy keeps a rejection for good, and React renders a failing tree twice before the
  // error boundary takes over: a fresh lazy component only once the boundary retries
  let Lazy = lazy(get);
  let failedIn: number | null = null;
  const current = () => {
    if (failedIn !== null && failedIn !== chunkRetryEpoch()) {
      failedIn = null;
      Lazy = lazy(get);
    }
    return Lazy;
  };
  function LazyPageComponent(props: ComponentProps<T>) {
    // decided once per mounted instance, so the element type never changes under it
    const [ready] = useState(() => loaded);
    return createElement((ready ?? current()) as ComponentType<ComponentProps<T>>, props);
  }
  return Object.assign(LazyPageComponent, { preload: get });
}

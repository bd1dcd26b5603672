import { readJson, removeKey, writeJson } from './storage';

/** Client errors kept for the error-logger page: in memory and in localStorage, newest first. */
export type ClientErrorType = 'error' | 'unhandledrejection' | 'react' | 'api';
export type ClientError = { id: string; time: number; type: ClientErrorType; message: string; url: string };

export const ERROR_LOG_KEY = 'rrp.errorLog';
export const ERROR_LOG_MAX = 50;

let entries: ClientError[] = readJson<ClientError[]>(ERROR_LOG_KEY, []);
const listeners = new Set<() => void>();
let seq = 0;

export function recordClientError(type: ClientErrorType, message: string, url = currentUrl()): void {
  const entry: ClientError = {
    id: `${Date.now().toString(36)}-${(seq++).toString(36)}`,
    time: Date.now(),
    type,
    message: message.slice(0, 2000),
    url,
  };
  entries = [entry, ...entries].slice(0, ERROR_LOG_MAX);
  writeJson(ERROR_LOG_KEY, entries);
  for (const l of listeners) l();
}

export function getClientErrors(): ClientError[] {
  return entries;
}

export function clearClientErrors(): void {
  entries = [];
  removeKey(ERROR_LOG_KEY);
  for (const l of listeners) l();
}

export function subscribeClientErrors(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function currentUrl(): string {
  return typeof location === 'undefined' ? '' : location.pathname + location.search;
}

export function describeError(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason);
  } catch {
    return String(reason);
  }
}

let installed = false;

/** Captures uncaught errors and unhandled promise rejections of the whole page. */
export function installGlobalErrorCapture(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener(
    'error',
    (event) => {
      // resource load failures (img, script) arrive without an ErrorEvent message
      const target = event.target as HTMLElement | null;
      if (target && target !== (window as unknown as HTMLElement) && 'tagName' in target) {
        const src = (target as HTMLImageElement).src || (target as HTMLLinkElement).href || '';
        recordClientError('error', `resource failed to load: <${target.tagName.toLowerCase()}> ${src}`);
        return;
      }
      recordClientError('error', event.message || describeError(event.error));
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => {
    recordClientError('unhandledrejection', describeError(event.reason));
  });
}

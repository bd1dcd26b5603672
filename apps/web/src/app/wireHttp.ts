import { currentLocale } from '../i18n';
import { recordClientError } from '../lib/errorLog';
import { setHttpHooks } from '../lib/http';
import { clearSession, getSession } from '../lib/session';

/** Connects the http client to the session store, the language and the error log. */
export function wireHttp(): void {
  setHttpHooks({
    getCredentials: () => {
      const s = getSession();
      return s.loggedIn && s.token && s.secretKey ? { token: s.token, secretKey: s.secretKey } : null;
    },
    getLocale: currentLocale,
    clearSession,
    reportError: (text, url) => recordClientError('api', text, url),
  });
}

import type { Locale } from '@rrp/contracts';
import { api } from '../lib/api';
import { getSession, markAccountStale } from '../lib/session';
import { changeLocale, currentLocale, rememberLocale } from './index';

/**
 * Stores the choice and switches the page; when signed in, also tells the server (changeLocal)
 * and marks the stored account stale, since the server words some of it (role names) in the
 * language of the request.
 */
export async function switchLanguage(lng: Locale): Promise<void> {
  if (lng === currentLocale()) {
    // an explicit choice is remembered even when the page already shows it, so the language
    // stored on the account does not override it at the next sign-in
    rememberLocale(lng);
    return;
  }
  await changeLocale(lng);
  if (getSession().loggedIn) {
    markAccountStale();
    const key = getSession().principal === 'staff' ? 'POST /ops/user/changeLocal' : 'POST /rrp/user/changeLocal';
    await api(key, { localCode: lng }).catch(() => undefined);
  }
}

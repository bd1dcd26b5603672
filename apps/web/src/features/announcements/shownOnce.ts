import { getSession } from '../../lib/session';
import { readJson, writeJson } from '../../lib/storage';

const KEY = 'rrp.announcementsShown';
type Shown = { session: string; ids: string[] };

/** A short fingerprint of the session token, so the token itself is not copied elsewhere. */
function sessionTag(): string {
  const token = getSession().token ?? '';
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** True once the announcement has opened by itself in this sign-in session (reloads included). */
export function shownThisSession(id: string): boolean {
  const shown = readJson<Shown | null>(KEY, null);
  return !!shown && shown.session === sessionTag() && shown.ids.includes(id);
}

export function markShownThisSession(id: string): void {
  const session = sessionTag();
  const shown = readJson<Shown | null>(KEY, null);
  const ids = shown?.session === session ? shown.ids : [];
  if (!ids.includes(id)) writeJson(KEY, { session, ids: [...ids, id].slice(-20) } satisfies Shown);
}

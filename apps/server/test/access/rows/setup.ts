import { randomUUID } from 'node:crypto';
import type { ApiKey } from '@rrp/contracts';
import type { Session } from '../../helper.js';
import type { Fixtures } from '../fixtures.js';
import { callRoute } from '../matrix.js';

/** Calls a route to prepare a row's record, and fails loudly when that does not succeed. */
export async function prepare<T = { id: string }>(fx: Fixtures, key: ApiKey, body: unknown, session: Session = fx.sessions.holder): Promise<T> {
  const a = await callRoute(fx, key, session, { body });
  if (a.code !== 0) throw new Error(`${key} while preparing a matrix row: ${a.status} ${a.body}`);
  return (JSON.parse(a.body) as { obj: T }).obj;
}

export const unique = (prefix: string) => `${prefix}${randomUUID().slice(0, 6)}`;
export const phone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
export const mail = () => `${unique('x')}@matrix-corp.com`;

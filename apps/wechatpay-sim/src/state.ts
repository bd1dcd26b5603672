/** The simulator's orders and notifications, kept in one JSON file written atomically. */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type NotifyMode = 'normal' | 'duplicate' | 'tampered' | 'signtest' | 'wrong_amount' | 'stale';
export const NOTIFY_MODES: readonly NotifyMode[] = ['normal', 'duplicate', 'tampered', 'signtest', 'wrong_amount', 'stale'];

export type Attempt = {
  /** when it was sent (ms since the epoch) */
  at: number;
  /** milliseconds after the notification's first attempt */
  offset_ms: number;
  /** the HTTP status the merchant answered, or null when there was no answer */
  status: number | null;
  ok: boolean;
  error?: string;
};

export type SimNotification = {
  id: string;
  mode: NotifyMode;
  created_at: number;
  /** the signed body as sent (retries send the same body, signed anew) */
  body: string;
  attempts: Attempt[];
  /** the merchant answered 200 or 204 */
  delivered: boolean;
  /** no more attempts will be made */
  done: boolean;
  /** when the next retry is due (ms), while not done */
  next_at: number | null;
};

export type SimOrder = {
  out_trade_no: string;
  mchid: string;
  appid: string;
  description: string;
  total: number;
  currency: string;
  /** as the merchant sent it */
  time_expire: string | null;
  expire_at: number;
  attach: string | null;
  notify_url: string;
  pr: string;
  code_url: string;
  created_at: number;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  closed_at: number | null;
  transaction_id: string | null;
  success_time: string | null;
  payer_openid: string | null;
  notifications: SimNotification[];
};

type StateFile = { version: 1; orders: SimOrder[] };

export class SimStore {
  readonly file: string;
  private orders = new Map<string, SimOrder>();

  constructor(dir: string) {
    this.file = join(dir, 'sim-state.json');
    if (existsSync(this.file)) {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as StateFile;
      for (const o of parsed.orders ?? []) this.orders.set(o.out_trade_no, o);
    }
  }

  get(outTradeNo: string): SimOrder | undefined {
    return this.orders.get(outTradeNo);
  }

  byPr(pr: string): SimOrder | undefined {
    for (const o of this.orders.values()) if (o.pr === pr) return o;
    return undefined;
  }

  put(order: SimOrder) {
    this.orders.set(order.out_trade_no, order);
    this.save();
  }

  /** Newest first. */
  list(limit = 50): SimOrder[] {
    return [...this.orders.values()].sort((a, b) => b.created_at - a.created_at).slice(0, limit);
  }

  all(): SimOrder[] {
    return [...this.orders.values()];
  }

  /** Writes the whole state to a temporary file and renames it over the old one. */
  save() {
    const state: StateFile = { version: 1, orders: [...this.orders.values()] };
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(state), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}

/**
 * Payment notifications: POST notify_url with the encrypted transaction, signed like an answer.
 * The merchant's HTTP 200 or 204 is success; anything else (or no answer within the timeout) is
 * retried on WeChat Pay's documented schedule, scaled by the time scale.
 */
import { randomUUID } from 'node:crypto';
import type { SimKeys } from './keys.js';
import { transactionOf } from './orders.js';
import { AUTH_SCHEME, aeadEncrypt, nonce, randomBase64, rfc3339Cst, rsaSign, SIGNTEST_PREFIX, signMessage } from './protocol.js';
import type { Attempt, NotifyMode, SimNotification, SimOrder, SimStore } from './state.js';

/** 15s/15s/30s/3m/10m/20m/30m/30m/30m/60m/3h/3h/3h/6h/6h — 24h4m in all. */
export const RETRY_DELAYS_S = [15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600];

export type NotifierOptions = {
  keys: SimKeys;
  store: SimStore;
  /** multiplies every retry delay (tests: 0.001) */
  timeScale: number;
  /** how long one attempt waits for the merchant's answer */
  timeoutMs: number;
  now: () => number;
  log: (line: string) => void;
};

export class Notifier {
  private timers = new Map<string, NodeJS.Timeout>();
  private inflight = new Set<AbortController>();
  private stopped = false;

  constructor(private readonly o: NotifierOptions) {}

  /** The notification body of an order (a transaction whose amount differs for wrong_amount). */
  private body(order: SimOrder, mode: NotifyMode, id: string, at: number): string {
    const { keys } = this.o;
    const iv = nonce(12);
    const plaintext = JSON.stringify(transactionOf(order, at, mode === 'wrong_amount' ? 1 : 0));
    return JSON.stringify({
      id,
      create_time: rfc3339Cst(at),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: aeadEncrypt(keys.apiV3Key, plaintext, iv, 'transaction'),
        associated_data: 'transaction',
        nonce: iv,
      },
    });
  }

  /** Signed headers and the body as sent: tampered changes one byte after signing. */
  private signed(body: string, mode: NotifyMode): { headers: Record<string, string>; body: string } {
    const { keys, now } = this.o;
    const ts = Math.floor(now() / 1000) - (mode === 'stale' ? 301 : 0);
    const n = nonce(32);
    let signature = rsaSign(signMessage(ts, n, body), keys.platformPrivateKey);
    if (mode === 'signtest') signature = `${SIGNTEST_PREFIX}${randomBase64(256)}`;
    let sent = body;
    if (mode === 'tampered') {
      const at = body.indexOf('"ciphertext":"') + '"ciphertext":"'.length + 4;
      sent = body.slice(0, at) + (body[at] === 'A' ? 'B' : 'A') + body.slice(at + 1);
    }
    return {
      body: sent,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Mozilla/4.0 (rrp-wechatpay-sim)',
        'wechatpay-nonce': n,
        'wechatpay-signature': signature,
        'wechatpay-timestamp': String(ts),
        'wechatpay-serial': keys.platformPublicKeyId,
        'wechatpay-signature-type': AUTH_SCHEME,
      },
    };
  }

  private async post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number | null; error?: string }> {
    const ctl = new AbortController();
    this.inflight.add(ctl);
    const timer = setTimeout(() => ctl.abort(new Error(`no answer in ${this.o.timeoutMs} ms`)), this.o.timeoutMs);
    try {
      const res = await fetch(url, { method: 'POST', headers, body, signal: ctl.signal, redirect: 'manual' });
      await res.arrayBuffer().catch(() => undefined);
      return { status: res.status };
    } catch (e) {
      const err = e as Error & { cause?: { code?: string; message?: string } };
      return { status: null, error: err.cause?.code ?? err.cause?.message ?? err.message };
    } finally {
      clearTimeout(timer);
      this.inflight.delete(ctl);
    }
  }

  private async attempt(order: SimOrder, n: SimNotification): Promise<Attempt> {
    const { headers, body } = this.signed(n.body, n.mode);
    const at = this.o.now();
    const r = await this.post(order.notify_url, headers, body);
    const first = n.attempts[0]?.at ?? at;
    const attempt: Attempt = { at, offset_ms: at - first, status: r.status, ok: r.status === 200 || r.status === 204, ...(r.error ? { error: r.error } : {}) };
    n.attempts.push(attempt);
    this.o.log(`notify ${order.out_trade_no} ${n.mode} #${n.attempts.length} -> ${r.status ?? r.error}`);
    return attempt;
  }

  /** Sends a notification of a paid order; 'normal' is retried until delivered, the others are sent once. */
  async send(order: SimOrder, mode: NotifyMode, count = 2): Promise<SimNotification> {
    const at = this.o.now();
    const id = randomUUID();
    const n: SimNotification = { id, mode, created_at: at, body: this.body(order, mode, id, at), attempts: [], delivered: false, done: false, next_at: null };
    order.notifications.push(n);
    this.o.store.put(order);
    if (mode === 'duplicate') {
      // the same notification, signed once, several times at once
      const signed = this.signed(n.body, mode);
      const results = await Promise.all(Array.from({ length: Math.max(1, count) }, () => this.post(order.notify_url, signed.headers, signed.body)));
      for (const r of results)
        n.attempts.push({ at, offset_ms: 0, status: r.status, ok: r.status === 200 || r.status === 204, ...(r.error ? { error: r.error } : {}) });
      n.delivered = n.attempts.some((a) => a.ok);
      n.done = true;
    } else {
      const a = await this.attempt(order, n);
      n.delivered = a.ok;
      if (mode === 'normal' && !a.ok) this.schedule(order, n);
      else n.done = true;
    }
    this.o.store.put(order);
    return n;
  }

  /** Plans the next retry of an undelivered normal notification, or gives up after the last. */
  private schedule(order: SimOrder, n: SimNotification, dueAt?: number) {
    const retries = n.attempts.length - 1;
    if (dueAt === undefined) {
      if (retries >= RETRY_DELAYS_S.length) {
        n.done = true;
        n.next_at = null;
        return;
      }
      // the documented intervals run from one attempt to the next
      const last = n.attempts[n.attempts.length - 1]?.at ?? this.o.now();
      n.next_at = last + RETRY_DELAYS_S[retries] * 1000 * this.o.timeScale;
    } else {
      n.next_at = dueAt;
    }
    // stopping: the plan is kept in the state file for the next start
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(n.id);
        void this.retry(order.out_trade_no, n.id);
      },
      Math.max(0, (n.next_at ?? 0) - this.o.now()),
    );
    this.timers.set(n.id, timer);
  }

  private async retry(outTradeNo: string, id: string) {
    if (this.stopped) return;
    const order = this.o.store.get(outTradeNo);
    const n = order?.notifications.find((x) => x.id === id);
    if (!order || !n || n.done) return;
    const a = await this.attempt(order, n);
    if (a.ok) {
      n.delivered = true;
      n.done = true;
      n.next_at = null;
    } else {
      this.schedule(order, n);
    }
    this.o.store.put(order);
  }

  /** After a restart: the retries still due, at their planned times (those past due at once). */
  resume() {
    for (const order of this.o.store.all()) for (const n of order.notifications) if (!n.done && n.next_at !== null) this.schedule(order, n, n.next_at);
  }

  async stop() {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const c of this.inflight) c.abort(new Error('simulator stopping'));
  }
}

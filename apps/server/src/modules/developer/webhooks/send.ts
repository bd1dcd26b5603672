import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export const RESPONSE_KEEP_CHARS = 1000;
const RESPONSE_READ_BYTES = 4096;

/** An attempt's outcome: the receiver's status and answer, or the network error (status null). */
export type SendResult = { status: number | null; response: string };

/**
 * POSTs a body to a URL, connecting to the address given (the one the SSRF check approved,
 * whatever DNS says now). Redirects are not followed: a 3xx is the answer. Reads at most a few
 * kilobytes of the answer; gives up after timeoutMs.
 */
export function send(url: URL, address: string, family: 4 | 6, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult> {
  const pinned: LookupFunction = (_host, opts, cb) => {
    if (opts.all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = transport.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, lookup: pinned, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEEP_CHARS);
          const location = res.statusCode && res.statusCode >= 300 && res.statusCode < 400 ? res.headers.location : undefined;
          done({ status: res.statusCode ?? null, response: location ? `redirect to ${location} not followed${text ? `\n${text}` : ''}` : text });
          res.destroy();
        };
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          size += c.length;
          if (size >= RESPONSE_READ_BYTES) finish();
        });
        res.on('end', finish);
        res.on('error', finish);
        res.on('close', finish);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    req.on('error', (e) => done({ status: null, response: e.message.slice(0, RESPONSE_KEEP_CHARS) }));
    req.end(body);
  });
}

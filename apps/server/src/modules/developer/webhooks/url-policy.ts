import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../../plugins/errors.js';
import { type AddressRefusal, refusalOf } from './addresses.js';

/** Resolves a host name to every address it has (dns.lookup with all: true by default). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

/** How webhook URLs are checked and delivered (config: RRP_WEBHOOK_ALLOW_HTTP, RRP_WEBHOOK_ALLOW_PRIVATE). */
export type WebhookOptions = {
  /** http:// accepted besides https:// (development and test) */
  allowHttp: boolean;
  /** loopback and private addresses accepted (a test receiver on 127.0.0.1); off by default */
  allowPrivate: boolean;
  resolve?: Resolver;
  /** one attempt's limit, 10 s unless a test shortens it */
  timeoutMs?: number;
};

export type UrlRefusal = 'scheme' | 'credentials' | 'unresolvable' | AddressRefusal;

export type UrlCheck = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; refusal: UrlRefusal; host: string; address: string };

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** What a refusal says in the delivery log (the log is read by people of either language: kept short and literal). */
export const REFUSAL_LOG: Record<UrlRefusal, string> = {
  scheme: 'only https:// addresses are accepted',
  credentials: 'the URL must not carry a user name or password',
  unresolvable: 'the host name does not resolve',
  loopback: 'the host resolves to a loopback address',
  private: 'the host resolves to a private address',
  linkLocal: 'the host resolves to a link-local address (such as the metadata service)',
  sharedAddress: 'the host resolves to a carrier-grade NAT address (100.64.0.0/10)',
  thisNetwork: 'the host resolves to an address of "this network" (0.0.0.0/8)',
  multicast: 'the host resolves to a multicast address',
  unspecified: 'the host resolves to the unspecified address',
  reserved: 'the host resolves to a reserved address',
};

/**
 * Checks a webhook URL as it is saved and before every delivery (DNS may change): https (or
 * http where allowed), no credentials, and every address the host resolves to public. The
 * answer names the address to connect to, so the address checked is the address used.
 */
export async function checkUrl(raw: string, opts: WebhookOptions): Promise<UrlCheck> {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refuse = (refusal: UrlRefusal, address = ''): UrlCheck => ({ ok: false, refusal, host, address });
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && opts.allowHttp)) return refuse('scheme');
  if (url.username || url.password) return refuse('credentials');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (opts.resolve ?? systemResolver)(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0) return refuse('unresolvable');
  if (!opts.allowPrivate) {
    // one bad address is enough: a name answering public and private addresses is a rebinding trick
    for (const a of addresses) {
      const refusal = refusalOf(a.address);
      if (refusal) return refuse(refusal, a.address);
    }
  }
  const first = addresses[0];
  return { ok: true, url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** checkUrl for a URL being saved: a refusal answers 38004 naming the reason, on the URL field. */
export async function assertUrlAllowed(raw: string, opts: WebhookOptions): Promise<void> {
  const check = await checkUrl(raw, opts);
  if (!check.ok)
    throw new AppError(38004, { field: 'url', message: `webhooks.refused.${check.refusal}`, params: { host: check.host, address: check.address } });
}

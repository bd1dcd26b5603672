import { isIP } from 'node:net';

/** Why an address may not receive webhooks: it reaches the platform's own network, not the internet. */
export type AddressRefusal = 'loopback' | 'private' | 'linkLocal' | 'sharedAddress' | 'thisNetwork' | 'multicast' | 'unspecified' | 'reserved';

type V4Range = [base: number, bits: number, refusal: AddressRefusal];

const v4 = (a: string) => a.split('.').reduce((n, part) => n * 256 + Number(part), 0);

const V4_RANGES: V4Range[] = [
  [v4('0.0.0.0'), 8, 'thisNetwork'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'sharedAddress'],
  [v4('127.0.0.0'), 8, 'loopback'],
  // includes 169.254.169.254, the cloud metadata service
  [v4('169.254.0.0'), 16, 'linkLocal'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'],
  [v4('224.0.0.0'), 4, 'multicast'],
  // 240/4 reserved, and 255.255.255.255 broadcast
  [v4('240.0.0.0'), 4, 'reserved'],
];

function refusalOfV4(address: string): AddressRefusal | null {
  const n = v4(address);
  if (n === 0) return 'unspecified';
  for (const [base, bits, refusal] of V4_RANGES) {
    const size = 2 ** (32 - bits);
    if (n >= base && n < base + size) return refusal;
  }
  return null;
}

/** The 16 bytes of an IPv6 address (a trailing dotted IPv4 part allowed). */
function bytesOfV6(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const tail: number[] = [];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    tail.push(...dotted[1].split('.').map(Number));
    text = text.slice(0, -dotted[1].length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head, rest] = text.split('::');
  const groups = (s: string | undefined) => (s ? s.split(':').filter((g) => g !== '') : []);
  const before = groups(head);
  const after = groups(rest);
  const missing = 8 - tail.length / 2 - before.length - after.length;
  const all = [...before, ...(rest !== undefined ? Array(missing).fill('0') : []), ...after];
  const bytes = all.flatMap((g) => {
    const v = Number.parseInt(g, 16);
    return [v >> 8, v & 0xff];
  });
  return [...bytes, ...tail];
}

function refusalOfV6(address: string): AddressRefusal | null {
  const b = bytesOfV6(address);
  const zeroUpTo = (n: number) => b.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(16)) return 'unspecified';
  if (zeroUpTo(15) && b[15] === 1) return 'loopback';
  const embedded = () => b.slice(12).join('.');
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address inside
  if (zeroUpTo(10) && b[10] === 0xff && b[11] === 0xff) return refusalOfV4(embedded());
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && b.slice(4, 12).every((x) => x === 0)) return refusalOfV4(embedded());
  // the deprecated IPv4-compatible form (::a.b.c.d)
  if (zeroUpTo(12)) return refusalOfV4(embedded()) ?? 'reserved';
  if ((b[0] & 0xfe) === 0xfc) return 'private';
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return 'linkLocal';
  // fec0::/10, the withdrawn site-local block
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return 'private';
  if (b[0] === 0xff) return 'multicast';
  return null;
}

/**
 * Why an IP address must not receive webhooks (loopback, private, link-local and metadata,
 * shared CGNAT space, multicast, unspecified, reserved; IPv4-mapped IPv6 by the IPv4 inside),
 * or null for a public address. A string that is not an IP address is refused as reserved.
 */
export function refusalOf(address: string): AddressRefusal | null {
  const family = isIP(address);
  if (family === 4) return refusalOfV4(address);
  if (family === 6) return refusalOfV6(address);
  return 'reserved';
}

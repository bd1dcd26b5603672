import { randomInt } from 'node:crypto';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A prefix + UTC yyyyMMddHHmmss + 6 random digits: sortable and readable over the phone. */
export function newNumber(prefix: string, d = new Date()): string {
  const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return `${prefix}${stamp}${pad(randomInt(1_000_000), 6)}`;
}

/** `R` + 20 digits: 21 characters, valid as WeChat's out_trade_no. */
export const newOrderNo = (now = new Date()): string => newNumber('R', now);

/** Letters and digits a person cannot misread on a bank form (no 0/O, 1/I/L). */
const REMITTANCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The code a customer writes on the transfer: 8 characters, unique (a unique index backs it). */
export function newRemittanceCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += REMITTANCE_ALPHABET[randomInt(REMITTANCE_ALPHABET.length)];
  return s;
}

export const fenToYuan = (fen: number): number => Math.round(fen) / 100;
export const yuanToFen = (yuan: number): number => Math.round(yuan * 100);

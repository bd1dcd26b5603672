import { randomInt } from 'node:crypto';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `R` + UTC yyyyMMddHHmmss + 6 random digits: sortable, 21 characters, valid as WeChat's out_trade_no. */
export function newOrderNo(now = new Date()): string {
  const d = now;
  const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return `R${stamp}${pad(randomInt(1_000_000), 6)}`;
}

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

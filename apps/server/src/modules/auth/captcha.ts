import { createRequire } from 'node:module';
import { TIMING } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sha256hex } from '../../lib/hash.js';

const require = createRequire(import.meta.url);
const svgCaptcha = require('svg-captcha') as {
  (text: string, opts?: object): string;
  create(opts?: object): { data: string; text: string };
};

const OPTS = { size: 4, noise: 3, ignoreChars: '0oO1iIlL', color: true, background: '#f3f6fb', width: 120, height: 40 };
const hashAnswer = (id: string, answer: string) => sha256hex(`${id}:${answer.trim().toLowerCase()}`);

/**
 * Picture captchas: the answer is kept server-side (hashed), lives 5 minutes and is used up by
 * the first check, right or wrong. `fixedAnswer` is the RRP_TEST_CAPTCHA test hook.
 */
export class Captchas {
  constructor(
    private readonly database: Database,
    private readonly fixedAnswer?: string,
  ) {}

  async generate(id: string): Promise<string> {
    const { data, text } = this.fixedAnswer ? { data: svgCaptcha(this.fixedAnswer, OPTS), text: this.fixedAnswer } : svgCaptcha.create(OPTS);
    const expires = new Date(Date.now() + TIMING.captchaTtlMs).toISOString();
    await this.database.rows(sql`
      INSERT INTO captchas (id, answer_hash, expires_at) VALUES (${id}, ${hashAnswer(id, text)}, ${expires})
      ON CONFLICT (id) DO UPDATE SET answer_hash = excluded.answer_hash, expires_at = excluded.expires_at`);
    return data;
  }

  /** True when the answer is right and the captcha alive; the captcha is gone either way. */
  async consume(id: string, answer: string): Promise<boolean> {
    const [row] = await this.database.rows<{ answer_hash: string; alive: boolean }>(sql`
      DELETE FROM captchas WHERE id = ${id} RETURNING answer_hash, expires_at > now() AS alive`);
    return !!row && row.alive && row.answer_hash === hashAnswer(id, answer);
  }
}

/**
 * Test controls for faults (`POST /_sim/faults`): the next calls answer 500, never answer, answer
 * malformed JSON, refuse the credentials, find every token expired, or find the platform down
 * (connections dropped) — for `seconds`, or for the next `count` calls, or until cleared.
 */
export const FAULT_MODES = ['error500', 'timeout', 'malformed', 'refuse_credentials', 'expire_tokens', 'rate_limit', 'down'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export type Fault = { mode: FaultMode; until: number | null; remaining: number | null };

export class Faults {
  private fault: Fault | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  set(mode: FaultMode, opts: { seconds?: number; count?: number } = {}): Fault {
    this.fault = {
      mode,
      until: opts.seconds !== undefined ? this.now() + opts.seconds * 1000 : null,
      remaining: opts.count !== undefined ? opts.count : null,
    };
    return this.fault;
  }

  clear(): void {
    this.fault = null;
  }

  /** The fault in force, if any (without using one of its calls). */
  current(): Fault | null {
    const f = this.fault;
    if (!f) return null;
    if ((f.until !== null && this.now() >= f.until) || f.remaining === 0) {
      this.fault = null;
      return null;
    }
    return f;
  }

  /** The fault this API call meets, counting the call against it. */
  take(): FaultMode | null {
    const f = this.current();
    if (!f) return null;
    if (f.remaining !== null) f.remaining -= 1;
    return f.mode;
  }
}

export const isFaultMode = (v: unknown): v is FaultMode => typeof v === 'string' && (FAULT_MODES as readonly string[]).includes(v);

import { createHash } from 'node:crypto';

/**
 * A platform's SIMs: generated from a seed (so 100,000 cost no storage), with the changes made
 * since (status, IMEI) kept in `changed` and saved by the simulator. Data usage grows through the
 * day at each SIM's own rate while the SIM is active, and starts again at each billing cycle
 * (the first day of the UTC month).
 */
export type Sim = {
  iccid: string;
  imsi: string;
  msisdn: string;
  imei: string;
  /** the platform's status value */
  status: string;
  ratePlan: string;
  addedAt: number;
  modifiedAt: number;
  /** bytes of the current cycle up to `usageAt`, and the SIM's rate (bytes per second while active) */
  usageBytes: number;
  usageAt: number;
  bytesPerSecond: number;
};

export type FleetOptions = {
  count: number;
  /** different seeds give different SIMs; the same seed, the same */
  seed: string;
  /** 19-digit ICCIDs: prefix + zero-padded index + Luhn digit */
  iccidPrefix: string;
  imsiPrefix: string;
  msisdnPrefix: string;
  /** an IMEI's first 8 digits (its type allocation code) */
  tac: string;
  ratePlans: readonly string[];
  /** the status value of a new SIM, by its index */
  initialStatus: (index: number) => string;
  /** whether a status value carries traffic */
  carriesTraffic: (status: string) => boolean;
  now?: () => number;
};

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    if (d > 9) d -= 9;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export const cycleStartOf = (at: number) => {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};

export class SimFleet {
  private readonly byIccid = new Map<string, Sim>();
  readonly sims: Sim[] = [];
  private readonly now: () => number;
  /** bumped by every change: the modified-since list below is computed again after one */
  private version = 0;
  private listed: { since: number | null; version: number; sims: Sim[] } | null = null;

  private readonly serialOffset: number;

  constructor(private readonly opts: FleetOptions) {
    this.now = opts.now ?? Date.now;
    this.serialOffset = createHash('sha256').update(opts.seed).digest().readUInt32BE(0) % 1_000_000;
    const start = this.now();
    for (let i = 0; i < opts.count; i++) {
      const sim = this.generate(i, start);
      this.sims.push(sim);
      this.byIccid.set(sim.iccid, sim);
    }
  }

  private generate(i: number, now: number): Sim {
    const h = createHash('sha256').update(`${this.opts.seed}:${i}`).digest();
    const iccidBody = `${this.opts.iccidPrefix}${pad(i, 18 - this.opts.iccidPrefix.length)}`;
    // a 6-digit serial per index, scattered but never repeated within the fleet (7,777 and 10^6 share no factor)
    const imeiBody = `${this.opts.tac}${pad((i * 7_777 + this.serialOffset) % 1_000_000, 6)}`;
    // between 1 and 60 MB a day
    const bytesPerDay = 1_000_000 + (h.readUInt32BE(4) % 59_000_000);
    const addedAt = now - (30 + (h[8] % 300)) * 86_400_000;
    const bytesPerSecond = bytesPerDay / 86_400;
    const status = this.opts.initialStatus(i);
    const cycle = cycleStartOf(now);
    return {
      iccid: `${iccidBody}${luhn(iccidBody)}`,
      imsi: `${this.opts.imsiPrefix}${pad(i, 15 - this.opts.imsiPrefix.length)}`,
      msisdn: `${this.opts.msisdnPrefix}${pad(i, 13 - this.opts.msisdnPrefix.length)}`,
      imei: `${imeiBody}${luhn(imeiBody)}`,
      status,
      ratePlan: this.opts.ratePlans[h[9] % this.opts.ratePlans.length],
      addedAt,
      modifiedAt: addedAt,
      usageBytes: this.opts.carriesTraffic(status) ? Math.round(bytesPerSecond * ((now - cycle) / 1000)) : 0,
      usageAt: now,
      bytesPerSecond,
    };
  }

  get(iccid: string): Sim | undefined {
    return this.byIccid.get(iccid);
  }

  /** Cycle-to-date bytes now, growing while the SIM carries traffic. */
  usageOf(sim: Sim, at = this.now()): number {
    this.advance(sim, at);
    return sim.usageBytes;
  }

  private advance(sim: Sim, at: number) {
    if (at <= sim.usageAt) return;
    const cycle = cycleStartOf(at);
    const from = sim.usageAt < cycle ? cycle : sim.usageAt;
    if (sim.usageAt < cycle) sim.usageBytes = 0;
    if (this.opts.carriesTraffic(sim.status)) sim.usageBytes += Math.round(sim.bytesPerSecond * ((at - from) / 1000));
    sim.usageAt = at;
  }

  /** Changes a SIM's status (usage up to now counted at the old one). Answers whether it changed. */
  setStatus(sim: Sim, status: string, at = this.now()): boolean {
    this.advance(sim, at);
    if (sim.status === status) return false;
    sim.status = status;
    sim.modifiedAt = at;
    this.version++;
    return true;
  }

  /**
   * SIMs modified at or after `since`, in a stable order (modification time, then ICCID); the
   * list is kept until the fleet changes (a paged read asks for the same list page after page).
   * Callers must not change it.
   */
  modifiedSince(since: number | null): readonly Sim[] {
    if (this.listed?.since === since && this.listed.version === this.version) return this.listed.sims;
    const list = since === null ? this.sims : this.sims.filter((s) => s.modifiedAt >= since);
    const sims = since === null ? list : [...list].sort((a, b) => a.modifiedAt - b.modifiedAt || (a.iccid < b.iccid ? -1 : 1));
    this.listed = { since, version: this.version, sims };
    return sims;
  }

  /** The changes to save: SIMs whose status differs from how they were generated. */
  changes(): Array<Pick<Sim, 'iccid' | 'status' | 'modifiedAt' | 'usageBytes' | 'usageAt'>> {
    return this.sims
      .filter((s) => s.modifiedAt !== s.addedAt)
      .map(({ iccid, status, modifiedAt, usageBytes, usageAt }) => ({ iccid, status, modifiedAt, usageBytes, usageAt }));
  }

  restore(changes: ReturnType<SimFleet['changes']>): void {
    for (const c of changes) {
      const sim = this.byIccid.get(c.iccid);
      if (sim) Object.assign(sim, c);
    }
    this.version++;
  }
}

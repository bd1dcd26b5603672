import { type Sim, SimFleet } from '../core/fleet.js';
import { ccDate } from './dates.js';
import { type CcStatus, carriesTraffic, initialStatus, isFinal } from './statuses.js';

export const RATE_PLANS = ['IoT Data 30MB Monthly', 'IoT Data 100MB Monthly', 'IoT Data 1GB Pooled', 'IoT Data 5GB Pooled'] as const;
const ICCID_PREFIX = '89860624';
const COMMUNICATION_PLANS: Record<string, string> = {
  'IoT Data 30MB Monthly': 'CP_Data_Only_4G',
  'IoT Data 100MB Monthly': 'CP_Data_SMS_4G',
  'IoT Data 1GB Pooled': 'CP_Data_SMS_4G',
  'IoT Data 5GB Pooled': 'CP_Data_SMS_Voice_4G',
};
export const ACCOUNT_ID = '100020620';

/** A status change the operator asked for at a later time (Edit Device Details with `effectiveDate`). */
export type ScheduledChange = { iccid: string; status: CcStatus; at: number; requestedAt: number };

export type SavedState = {
  sims: ReturnType<SimFleet['changes']>;
  activatedAt: Record<string, number>;
  scheduled: ScheduledChange[];
};

/**
 * One Control Center enterprise account's SIMs: the seeded fleet with Control Center's status
 * values, when each was first activated, and the status changes scheduled for later.
 */
export class CcAccount {
  readonly fleet: SimFleet;
  private readonly activatedAt = new Map<string, number>();
  private scheduled: ScheduledChange[] = [];

  constructor(
    opts: { sims: number; seed: string },
    readonly now: () => number,
  ) {
    this.fleet = new SimFleet({
      count: opts.sims,
      seed: opts.seed,
      iccidPrefix: ICCID_PREFIX,
      imsiPrefix: '46006',
      msisdnPrefix: '86146',
      tac: '86743104',
      ratePlans: RATE_PLANS,
      initialStatus,
      carriesTraffic,
      now,
    });
  }

  communicationPlanOf = (sim: Sim) => COMMUNICATION_PLANS[sim.ratePlan] ?? 'CP_Data_Only_4G';

  /** When the SIM was first activated: a day after it was added for SIMs seeded as used, else when it was. */
  dateActivated(sim: Sim): number | null {
    const at = this.activatedAt.get(sim.iccid);
    if (at !== undefined) return at;
    // the ICCID carries the SIM's index in the fleet between the prefix and the Luhn digit
    const index = Number(sim.iccid.slice(ICCID_PREFIX.length, -1));
    const seededUsed = ['ACTIVATED', 'DEACTIVATED', 'RETIRED'].includes(initialStatus(index));
    return seededUsed ? sim.addedAt + 86_400_000 : null;
  }

  /** Applies the scheduled changes whose time has come, each at its own time. */
  applyDue(now = this.now()): void {
    if (this.scheduled.length === 0) return;
    const due = this.scheduled.filter((c) => c.at <= now).sort((a, b) => a.at - b.at);
    if (due.length === 0) return;
    this.scheduled = this.scheduled.filter((c) => c.at > now);
    for (const c of due) {
      const sim = this.fleet.get(c.iccid);
      if (sim && !isFinal(sim.status)) this.setStatus(sim, c.status, c.at);
    }
  }

  /** Changes a SIM's status now, or schedules it (replacing an earlier schedule of that SIM). */
  change(sim: Sim, status: CcStatus, at: number | null): void {
    const now = this.now();
    this.applyDue(now);
    if (at !== null && at > now) {
      this.scheduled = this.scheduled.filter((c) => c.iccid !== sim.iccid);
      this.scheduled.push({ iccid: sim.iccid, status, at, requestedAt: now });
      return;
    }
    this.setStatus(sim, status, now);
  }

  private setStatus(sim: Sim, status: CcStatus, at: number) {
    if (this.fleet.setStatus(sim, status, at) && status === 'ACTIVATED' && this.dateActivated(sim) === null) this.activatedAt.set(sim.iccid, at);
  }

  scheduledFor(iccid: string): ScheduledChange | undefined {
    return this.scheduled.find((c) => c.iccid === iccid);
  }

  scheduledCount = () => this.scheduled.length;

  /** The fields every per-SIM answer starts with. */
  private identity(sim: Sim): Record<string, unknown> {
    return {
      iccid: sim.iccid,
      imsi: sim.imsi,
      msisdn: sim.msisdn,
      imei: sim.imei,
      status: sim.status,
      ratePlan: sim.ratePlan,
      communicationPlan: this.communicationPlanOf(sim),
    };
  }

  /** Get Device Details: the full record. */
  details(sim: Sim): Record<string, unknown> {
    return {
      ...this.identity(sim),
      customer: null,
      endConsumerId: null,
      dateActivated: ccDate(this.dateActivated(sim)),
      dateAdded: ccDate(sim.addedAt),
      dateUpdated: ccDate(sim.modifiedAt),
      dateShipped: ccDate(sim.addedAt),
      accountId: ACCOUNT_ID,
      fixedIPAddress: null,
      fixedIpv6Address: null,
      operatorCustom1: '',
      accountCustom1: '',
      simNotes: null,
      deviceID: null,
      modemID: null,
      globalSimType: '',
    };
  }

  /** Get Device Usage: cycle-to-date counts. */
  ctdUsages(sim: Sim): Record<string, unknown> {
    const bytes = this.fleet.usageOf(sim);
    return {
      ...this.identity(sim),
      ctdDataUsage: bytes,
      ctdSMSUsage: 0,
      ctdVoiceUsage: 0,
      // one data session for every 5 MB or so
      ctdSessionCount: Math.ceil(bytes / 5_000_000),
      overageLimitReached: false,
      overageLimitOverride: 'DEFAULT',
    };
  }

  save(): SavedState {
    return { sims: this.fleet.changes(), activatedAt: Object.fromEntries(this.activatedAt), scheduled: this.scheduled };
  }

  restore(state: unknown): void {
    const s = state as Partial<SavedState> | null;
    if (!s || typeof s !== 'object') return;
    if (Array.isArray(s.sims)) this.fleet.restore(s.sims);
    if (s.activatedAt && typeof s.activatedAt === 'object') for (const [k, v] of Object.entries(s.activatedAt)) this.activatedAt.set(k, Number(v));
    if (Array.isArray(s.scheduled)) this.scheduled = s.scheduled.filter((c) => this.fleet.get(c?.iccid));
  }
}

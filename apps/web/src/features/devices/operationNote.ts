import type { TFunction } from 'i18next';

type StrategyReason = { domain?: string; packetLoss?: number; delay?: number | null; jitter?: number | null; failed?: string[]; probes?: number };
type Detail = { strategyName?: string; reason?: StrategyReason | string; capMb?: number; usageMb?: number; iccid?: unknown; platformStatus?: unknown };

/** Why an operator platform's command failed, as the operation's detail names it (modules/connectivity/sync/commands.ts). */
const PLATFORM_FAILURES = ['platform_disabled', 'platform_auth', 'platform_refused', 'platform_unreachable', 'sim_unknown', 'platform_unsupported'];

const asDetail = (detail: unknown): Detail => (detail && typeof detail === 'object' ? (detail as Detail) : {});

/** Who acted on a device when no member did: a monitoring strategy, the data cap, or the platform. */
export function operationActor(t: TFunction, actor: string | null, detail: unknown): string {
  if (actor) return actor;
  const d = asDetail(detail);
  if (d.strategyName) return t('devices:op.strategyActor', { name: d.strategyName });
  if (d.reason === 'data_cap') return t('devices:op.capActor');
  return t('devices:op.system');
}

/** Why the platform acted: the measurement that made a strategy switch, or the cap that suspended. */
export function operationNote(t: TFunction, action: string, detail: unknown): string | null {
  const d = asDetail(detail);
  if (action === 'switch_card' && d.strategyName && d.reason && typeof d.reason === 'object') {
    const r = d.reason;
    const na = t('devices:op.noReply');
    return t('devices:op.reasonStrategy', {
      domain: r.domain ?? '',
      loss: r.packetLoss ?? 0,
      delay: r.delay ?? na,
      jitter: r.jitter ?? na,
      failed: (r.failed ?? []).map((f) => t(`devices:op.condition.${f}`)).join(t('devices:op.listSeparator')),
      probes: r.probes ?? 1,
    });
  }
  // an eSIM profile command names its profile
  if (action.startsWith('esim_') && typeof d.iccid === 'string' && d.iccid) return `ICCID ${d.iccid}`;
  // an operator platform's answer to a command, or why it could not take it
  if (typeof d.platformStatus === 'string' && d.platformStatus) return t('devices:op.platformAnswer', { status: d.platformStatus });
  if (typeof d.reason === 'string' && PLATFORM_FAILURES.includes(d.reason)) return t(`devices:op.platformFailure.${d.reason}`);
  if (d.reason === 'data_cap') {
    return action === 'suspend' ? t('devices:op.reasonCap', { cap: d.capMb ?? '', usage: d.usageMb ?? '' }) : t('devices:op.reasonCapLifted');
  }
  return null;
}

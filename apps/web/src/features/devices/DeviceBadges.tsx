import type { DeviceStatus } from '@rrp/contracts';
import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Signal levels run from 0 (none) to 5 (excellent). */
export const SIGNAL_MAX = 5;

/** Signal strength as five bars, with the level as text for screen readers and a tooltip. */
export function SignalBars({ level }: { level: number | null }) {
  const { t } = useTranslation();
  if (level === null || level === undefined) return <span>—</span>;
  const n = Math.max(0, Math.min(SIGNAL_MAX, level));
  const label = t('devices:signal.label', { level: n, max: SIGNAL_MAX });
  const tone = n >= 4 ? 'good' : n >= 2 ? 'fair' : 'poor';
  return (
    <span className={`signal-bars signal-${tone}`} role="img" aria-label={label} title={label}>
      {Array.from({ length: SIGNAL_MAX }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bars are fixed positions
        <span key={i} className={i < n ? 'signal-bar on' : 'signal-bar'} style={{ height: `${6 + i * 3}px` }} />
      ))}
    </span>
  );
}

const STATUS_COLOR: Record<DeviceStatus, string> = {
  in_stock: 'default',
  physical_card: 'blue',
  esim: 'geekblue',
  seed_card: 'purple',
  service_expired: 'red',
};

export function DeviceStatusTag({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status] ?? 'default'}>{t(`devices:status.${status}`, { defaultValue: status })}</Tag>;
}

export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return <Badge status={online ? 'success' : 'default'} text={online ? t('devices:online.online') : t('devices:online.offline')} />;
}

export function SuspendedTag({ suspended }: { suspended: boolean }) {
  const { t } = useTranslation();
  return suspended ? <Tag color="orange">{t('devices:suspended.yes')}</Tag> : <Tag color="green">{t('devices:suspended.no')}</Tag>;
}

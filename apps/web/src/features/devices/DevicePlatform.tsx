import type { TDevicePlatform } from '@rrp/contracts';
import { type Capability, canDo } from '@rrp/contracts/constants';
import { Alert, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The capabilities the device detail offers, whose absence it explains. */
type Offered = Extract<Capability, 'switch_card' | 'suspend' | 'resume' | 'refresh' | 'esim' | 'detect'>;

/** Whether the console offers `capability` for a device at all (a disabled platform's commands are shown, disabled). */
export const platformHas = (p: TDevicePlatform, capability: Offered) => canDo(p.kind, capability);

/**
 * When the platform became unreachable, in the reader's language and in UTC like the rest of the
 * page: the time alone on the same UTC day, else with the date.
 */
export function unreachableTime(since: string, locale: string, now = Date.now()): string {
  const sameDay = since.slice(0, 10) === new Date(now).toISOString().slice(0, 10);
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
  }).format(new Date(since));
  return `${time} UTC`;
}

/** The device detail's banner while the platform cannot be reached: its figures may be stale. */
export function PlatformUnreachable({ platform }: { platform: TDevicePlatform }) {
  const { t, i18n } = useTranslation();
  if (!platform.unreachableSince) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="device-platform-unreachable"
      title={t('devices:platform.unreachableSince', { time: unreachableTime(platform.unreachableSince, i18n.language) })}
    />
  );
}

/** A device list row's small tag: the platform is unreachable (since when, in its tooltip) or disabled; nothing otherwise. */
export function PlatformTag({ platform }: { platform: TDevicePlatform }) {
  const { t, i18n } = useTranslation();
  if (platform.disabled) {
    return (
      <Tooltip title={t('devices:platform.disabled')}>
        <Tag color="red" data-testid="device-platform-tag">
          {t('devices:platform.disabledTag')}
        </Tag>
      </Tooltip>
    );
  }
  if (!platform.unreachableSince) return null;
  return (
    <Tooltip title={t('devices:platform.unreachableTip', { time: unreachableTime(platform.unreachableSince, i18n.language) })}>
      <Tag color="orange" data-testid="device-platform-tag">
        {t('devices:platform.unreachableTag')}
      </Tag>
    </Tooltip>
  );
}

/** Why some commands are not offered: one short line for each thing the platform cannot do. */
export function PlatformCannot({ platform, capabilities }: { platform: TDevicePlatform; capabilities: Offered[] }) {
  const { t } = useTranslation();
  const missing = capabilities.filter((c) => !platformHas(platform, c));
  if (missing.length === 0) return null;
  return (
    <div className="device-platform-cannot" data-testid="device-platform-cannot">
      {missing.map((c) => (
        <Typography.Text key={c} type="secondary">
          {t(`devices:platform.cannot.${c}`)}
        </Typography.Text>
      ))}
    </div>
  );
}

import { CloudSyncOutlined, PauseCircleOutlined, PlayCircleOutlined, SafetyCertificateOutlined, SwapOutlined } from '@ant-design/icons';
import { DEVICE_TIMING, NO_SERVICE_STATUSES, switchTargetOf } from '@rrp/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceAction, type DeviceDetail, deviceKeys, useDeviceCommand } from './api';
import { PlatformCannot, platformHas } from './DevicePlatform';
import { formatCountdown, switchWaitMs } from './rules';

/** Re-renders every second while `active`, returning the current time. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

/**
 * Device commands: switch the card (to the card the device is not on, named in the label),
 * suspend / unsuspend, sync, manual License renewal. A command the device's operator platform
 * cannot do is not offered, with a line saying so; on a disabled platform the platform's
 * commands are disabled under a note (the License is ours: its renewal stays).
 */
export function DeviceActions({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const command = useDeviceCommand();
  const d = detail.device;
  const [notice, setNotice] = useState<{ kind: 'switch' | 'sync'; at: number } | null>(null);
  const [pending, setPending] = useState<DeviceAction | null>(null);
  const wait = switchWaitMs(detail.switchAvailableAt);
  const now = useNow(wait > 0 || notice?.kind === 'sync');
  const switchLeft = switchWaitMs(detail.switchAvailableAt, now);
  const syncLeft = notice?.kind === 'sync' ? Math.max(0, notice.at + DEVICE_TIMING.syncResultMs - now) : 0;
  const qc = useQueryClient();
  const syncDone = notice?.kind === 'sync' && syncLeft === 0;
  // once the sync result is due, read the device again so the page shows it
  useEffect(() => {
    if (syncDone) void qc.invalidateQueries({ queryKey: deviceKeys.detail(d.imei) });
  }, [syncDone, qc, d.imei]);

  const switchTarget = switchTargetOf(d.status);
  const noService = NO_SERVICE_STATUSES.includes(d.status);
  const platform = d.platform;
  const off = platform.disabled;

  const run = async (action: DeviceAction, done: string) => {
    setPending(action);
    try {
      await command.mutateAsync(action === 'switchCard' ? { action, imei: d.imei, target: switchTarget } : { action, imei: d.imei });
      void message.success(done);
      if (action === 'switchCard') setNotice({ kind: 'switch', at: Date.now() });
      if (action === 'sync') setNotice({ kind: 'sync', at: Date.now() });
    } catch {
      /* shown by the http client */
    } finally {
      setPending(null);
    }
  };

  const confirm = (action: DeviceAction, title: string, content: string, done: string) => {
    modal.confirm({
      title,
      content,
      okText: t('common:action.ok'),
      cancelText: t('common:action.cancel'),
      onOk: () => run(action, done),
    });
  };

  return (
    <Space orientation="vertical" className="full-width">
      <Space wrap>
        {/* a disabled button gets no pointer events: the tooltip listens on a wrapper */}
        {platformHas(platform, 'switch_card') && (
          <Tooltip title={noService ? t('devices:action.switchNoService') : undefined}>
            <span className="device-action-wrap" data-testid="device-action-switch-wrap">
              <Button
                icon={<SwapOutlined />}
                disabled={switchLeft > 0 || noService || off}
                loading={pending === 'switchCard'}
                data-testid="device-action-switch"
                data-target={switchTarget}
                onClick={() =>
                  confirm(
                    'switchCard',
                    t(`devices:action.switchTo.${switchTarget}`),
                    t(`devices:action.switchConfirmTo.${switchTarget}`),
                    t('devices:action.switchSent'),
                  )
                }
              >
                {switchLeft > 0 && !noService
                  ? t('devices:action.switchWait', { time: formatCountdown(switchLeft) })
                  : t(`devices:action.switchTo.${switchTarget}`)}
              </Button>
            </span>
          </Tooltip>
        )}
        {d.suspended
          ? platformHas(platform, 'resume') && (
              <Button
                icon={<PlayCircleOutlined />}
                loading={pending === 'unsuspend'}
                disabled={off}
                data-testid="device-action-unsuspend"
                onClick={() => confirm('unsuspend', t('devices:action.unsuspend'), t('devices:action.unsuspendConfirm'), t('devices:action.unsuspendSent'))}
              >
                {t('devices:action.unsuspend')}
              </Button>
            )
          : platformHas(platform, 'suspend') && (
              <Button
                danger
                icon={<PauseCircleOutlined />}
                loading={pending === 'suspend'}
                disabled={off}
                data-testid="device-action-suspend"
                onClick={() => confirm('suspend', t('devices:action.suspend'), t('devices:action.suspendConfirm'), t('devices:action.suspendSent'))}
              >
                {t('devices:action.suspend')}
              </Button>
            )}
        {platformHas(platform, 'refresh') && (
          <Button
            icon={<CloudSyncOutlined />}
            loading={pending === 'sync'}
            disabled={syncLeft > 0 || off}
            data-testid="device-action-sync"
            onClick={() => void run('sync', t('devices:action.syncSent'))}
          >
            {t('devices:action.sync')}
          </Button>
        )}
        <Button
          icon={<SafetyCertificateOutlined />}
          loading={pending === 'license/renew'}
          data-testid="device-action-renew"
          onClick={() => confirm('license/renew', t('devices:action.renew'), t('devices:action.renewConfirm'), t('devices:action.renewDone'))}
        >
          {t('devices:action.renew')}
        </Button>
      </Space>
      {off && <Alert type="warning" showIcon data-testid="device-platform-disabled" title={t('devices:platform.disabled')} />}
      <PlatformCannot platform={platform} capabilities={['switch_card', d.suspended ? 'resume' : 'suspend', 'refresh']} />
      {switchLeft > 0 && !noService && !off && platformHas(platform, 'switch_card') && (
        <Alert type="info" showIcon title={t('devices:action.switchCooldown', { time: formatCountdown(switchLeft) })} />
      )}
      {notice?.kind === 'switch' && <Alert type="success" showIcon closable title={t('devices:action.switchRefresh')} onClose={() => setNotice(null)} />}
      {notice?.kind === 'sync' && (
        <Alert
          type="info"
          showIcon
          closable
          data-testid="device-sync-notice"
          title={syncLeft > 0 ? t('devices:action.syncWait', { seconds: Math.ceil(syncLeft / 1000) }) : t('devices:action.syncReady')}
          onClose={() => setNotice(null)}
        />
      )}
    </Space>
  );
}

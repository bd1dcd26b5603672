import { FileTextOutlined, LoadingOutlined, SwapOutlined, SyncOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Button, type ButtonProps, Popconfirm, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import type { TAtCard } from './api';
import { AT_STATE_COLOR, atOperatorLabel, atStateLabel } from './labels';

const W = { device: 250, slot: 80, iccid: 200, operator: 130, state: 110, signal: 90, syncedAt: 170, actions: 150 };
export const AT_TABLE_WIDTH = Object.values(W).reduce((s, w) => s + w, 0);

export type AtRowActions = {
  /** null: the member may not send AT commands (no device list code) */
  onSwitch: ((r: TAtCard) => Promise<void>) | null;
  onSync: ((imei: string) => void) | null;
  onLog: (r: TAtCard) => void;
};

/** How many rows each row's device cell spans: a device's slots follow one another on a page. */
export function deviceSpans(list: readonly TAtCard[]): number[] {
  return list.map((r, i) => {
    if (i > 0 && list[i - 1].imei === r.imei) return 0;
    let n = 1;
    while (list[i + n]?.imei === r.imei) n++;
    return n;
  });
}

const digits = (v: string | null) => (v ? <span translate="no">{v}</span> : '—');

/** The device of a group of slots: IMEI, name, a pending command, sync and the AT log. */
function DeviceCell({ t, r, a }: { t: TFunction; r: TAtCard; a: AtRowActions }) {
  return (
    <div className="atcard-device">
      <span translate="no" className="atcard-imei">
        {r.imei}
      </span>
      <UserText className="atcard-name">{r.deviceName || '—'}</UserText>
      {r.pending && (
        <Tag icon={<LoadingOutlined />} color="processing" className="atcard-pending" data-testid={`atcard-pending-${r.imei}`}>
          {t('atcards:pending')}
        </Tag>
      )}
      <div className="atcard-device-actions">
        {a.onSync && (
          <Button
            size="small"
            icon={<SyncOutlined />}
            disabled={r.pending}
            aria-label={t('atcards:action.syncOf', { imei: r.imei })}
            onClick={() => a.onSync?.(r.imei)}
            data-testid={`atcard-sync-${r.imei}`}
          >
            {t('atcards:action.sync')}
          </Button>
        )}
        <Button
          size="small"
          icon={<FileTextOutlined />}
          aria-label={t('atcards:action.logOf', { imei: r.imei })}
          onClick={() => a.onLog(r)}
          data-testid={`atcard-log-${r.imei}`}
        >
          {t('atcards:action.log')}
        </Button>
      </div>
    </div>
  );
}

function SwitchButton({ t, r, a }: { t: TFunction; r: TAtCard; a: AtRowActions }) {
  if (r.state !== 'standby' || !a.onSwitch) return <Typography.Text type="secondary">—</Typography.Text>;
  const onSwitch = a.onSwitch;
  return (
    <Popconfirm
      title={t('atcards:action.switchConfirm', { slot: r.slot })}
      description={<Typography.Text type="secondary">{t('atcards:action.switchHint', { at: `AT+QDSIM=${r.slot - 1}` })}</Typography.Text>}
      okText={t('atcards:action.switch')}
      okButtonProps={{ 'data-testid': 'atcard-switch-ok' } as ButtonProps}
      cancelText={t('common:action.cancel')}
      onConfirm={() => onSwitch(r)}
      disabled={r.pending}
    >
      <Button
        type="link"
        size="small"
        icon={<SwapOutlined />}
        disabled={r.pending}
        aria-label={t('atcards:action.switchOf', { imei: r.imei, slot: r.slot })}
        data-testid={`atcard-switch-${r.imei}-${r.slot}`}
      >
        {t('atcards:action.switch')}
      </Button>
    </Popconfirm>
  );
}

/** The columns of the slot list; the device cell spans its slots. */
export function atCardColumns(t: TFunction, spans: readonly number[], a: AtRowActions, pinned: boolean): TableColumnsType<TAtCard> {
  return [
    {
      key: 'device',
      title: t('atcards:field.device'),
      width: W.device,
      fixed: pinned ? 'left' : undefined,
      onCell: (_r, i) => ({ rowSpan: spans[i ?? 0] ?? 1 }),
      render: (_v, r) => <DeviceCell t={t} r={r} a={a} />,
    },
    { key: 'slot', title: t('atcards:field.slot'), dataIndex: 'slot', width: W.slot, render: (v: number) => t('atcards:slotN', { slot: v }) },
    { key: 'iccid', title: 'ICCID', dataIndex: 'iccid', width: W.iccid, render: digits },
    {
      key: 'operator',
      title: t('atcards:field.operator'),
      dataIndex: 'operatorCode',
      width: W.operator,
      render: (v: TAtCard['operatorCode']) => atOperatorLabel(t, v),
    },
    {
      key: 'state',
      title: t('atcards:field.state'),
      dataIndex: 'state',
      width: W.state,
      render: (v: TAtCard['state']) => (
        <Tag color={AT_STATE_COLOR[v]} data-testid={`atcard-state-${v}`}>
          {atStateLabel(t, v)}
        </Tag>
      ),
    },
    {
      key: 'signal',
      title: t('atcards:field.signal'),
      dataIndex: 'signalLevel',
      width: W.signal,
      render: (v: number | null) => (v === null ? '—' : t('atcards:signal', { level: v })),
    },
    {
      key: 'syncedAt',
      title: t('atcards:field.syncedAt'),
      dataIndex: 'syncedAt',
      width: W.syncedAt,
      render: (v: string | null) => (v ? formatUtc(v, t('atcards:dateTimeFormat')) : '—'),
    },
    {
      key: 'actions',
      title: t('atcards:field.actions'),
      width: W.actions,
      fixed: pinned ? 'right' : undefined,
      render: (_v, r) => <SwitchButton t={t} r={r} a={a} />,
    },
  ];
}

import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Button, type ButtonProps, Popconfirm, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DeleteConfirmButton } from '../../lib/DeleteConfirmButton';
import { formatUtc } from '../../lib/format';
import type { TAcRecord } from './api';
import { AC_STATUS_COLOR, acOperatorLabel, acStatusLabel } from './labels';

const W = { acCode: 240, device: 230, iccid: 190, operator: 110, status: 110, boundImei: 160, createdAt: 170, actions: 170 };
export const AC_TABLE_WIDTH = Object.values(W).reduce((s, w) => s + w, 0);

export type AcRowActions = {
  onBind: (r: TAcRecord) => void;
  /** the confirmation's OK button spins until the answer */
  onUnbind: (r: TAcRecord) => Promise<void>;
  onDelete: (r: TAcRecord) => Promise<void>;
};

/** What may be done with an AC in its state: bind an idle one, unbind a bound one, delete one not bound. */
export const canBind = (r: TAcRecord) => r.status === 'IDLE';
/** Bound, downloaded or failed: unbinding returns the AC to IDLE (and recycles a downloaded profile). */
export const canUnbind = (r: TAcRecord) => r.status === 'ASSIGNED' || r.status === 'ORDER_EXISTED' || r.status === 'ORDER_INVALID';
/** Idle, or its download failed (nothing is on the eUICC). */
export const canDelete = (r: TAcRecord) => r.status === 'IDLE' || r.status === 'ORDER_INVALID';

const digits = (v: string | null) => (v ? <span translate="no">{v}</span> : '—');

/** The device an AC is for: its IMEI or its EID, labelled which. */
function DeviceId({ r }: { r: TAcRecord }) {
  const [label, value] = r.imei ? ['IMEI', r.imei] : r.eid ? ['EID', r.eid] : [null, null];
  if (!label) return <>—</>;
  return (
    <span className="ac-device-id">
      <Tag className="ac-device-kind">{label}</Tag>
      <span translate="no" className="break-all">
        {value}
      </span>
    </span>
  );
}

/** The columns of the AC list (spec section 2, /ac-list). */
export function acColumns(t: TFunction, a: AcRowActions, pinned: boolean): TableColumnsType<TAcRecord> {
  return [
    {
      key: 'acCode',
      title: t('ac:field.acCode'),
      dataIndex: 'acCode',
      width: W.acCode,
      fixed: pinned ? 'left' : undefined,
      render: (v: string) => (
        <Typography.Text className="ac-code" translate="no" copyable={{ text: v }} ellipsis={{ tooltip: v }} data-testid="ac-code">
          {v}
        </Typography.Text>
      ),
    },
    { key: 'device', title: t('ac:field.device'), width: W.device, render: (_v, r) => <DeviceId r={r} /> },
    { key: 'iccid', title: 'ICCID', dataIndex: 'iccid', width: W.iccid, render: digits },
    {
      key: 'operator',
      title: t('ac:field.operator'),
      dataIndex: 'operatorCode',
      width: W.operator,
      render: (v: TAcRecord['operatorCode']) => acOperatorLabel(t, v),
    },
    {
      key: 'status',
      title: t('ac:field.status'),
      dataIndex: 'status',
      width: W.status,
      render: (v: TAcRecord['status']) => (
        <Tag color={AC_STATUS_COLOR[v]} data-testid={`ac-status-${v}`}>
          {acStatusLabel(t, v)}
        </Tag>
      ),
    },
    { key: 'boundImei', title: t('ac:field.boundImei'), dataIndex: 'boundImei', width: W.boundImei, render: digits },
    {
      key: 'createdAt',
      title: t('ac:field.createdAt'),
      dataIndex: 'createdAt',
      width: W.createdAt,
      render: (v: string) => formatUtc(v, t('ac:dateTimeFormat')),
    },
    {
      key: 'actions',
      title: t('ac:field.actions'),
      width: W.actions,
      fixed: pinned ? 'right' : undefined,
      render: (_v, r) => <AcRowButtons t={t} r={r} a={a} />,
    },
  ];
}

function AcRowButtons({ t, r, a }: { t: TFunction; r: TAcRecord; a: AcRowActions }) {
  const none = !canBind(r) && !canUnbind(r) && !canDelete(r);
  if (none) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div className="ac-actions">
      {canBind(r) && (
        <Button
          type="link"
          size="small"
          icon={<LinkOutlined />}
          aria-label={t('ac:action.bindOf', { code: r.acCode })}
          onClick={() => a.onBind(r)}
          data-testid={`ac-bind-${r.acCode}`}
        >
          {t('ac:action.bind')}
        </Button>
      )}
      {canUnbind(r) && (
        <Popconfirm
          title={t('ac:action.unbindConfirm')}
          description={<Typography.Text type="secondary">{t('ac:action.unbindHint', { imei: r.boundImei ?? '—' })}</Typography.Text>}
          okText={t('ac:action.unbind')}
          okButtonProps={{ 'data-testid': 'ac-unbind-ok' } as ButtonProps}
          cancelText={t('common:action.cancel')}
          onConfirm={() => a.onUnbind(r)}
        >
          <Button
            type="link"
            size="small"
            icon={<DisconnectOutlined />}
            aria-label={t('ac:action.unbindOf', { code: r.acCode })}
            data-testid={`ac-unbind-${r.acCode}`}
          >
            {t('ac:action.unbind')}
          </Button>
        </Popconfirm>
      )}
      {canDelete(r) && (
        <DeleteConfirmButton
          title={t('ac:action.deleteConfirm')}
          hint={t('ac:action.deleteHint')}
          label={t('ac:action.delete')}
          ariaLabel={t('ac:action.deleteOf', { code: r.acCode })}
          testId={`ac-delete-${r.acCode}`}
          okTestId="ac-delete-ok"
          onConfirm={() => a.onDelete(r)}
        />
      )}
    </div>
  );
}

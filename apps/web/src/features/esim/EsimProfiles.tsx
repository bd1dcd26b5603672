import { CheckCircleOutlined, DeleteOutlined, StopOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmButton } from '../../lib/DeleteConfirmButton';
import { formatBytes, formatUtc } from '../../lib/format';
import { RowsTable } from '../../lib/list';
import type { CommandVars, ProfileCommand, TEsimProfile } from './api';
import { esimOperatorLabel, PROFILE_STATE_COLOR, profileStateLabel } from './labels';

/** Sends a command and says it was sent (errors are shown by the http client). */
export type RunCommand = (vars: CommandVars) => Promise<void>;

type Props = { eid: string; profiles: TEsimProfile[]; busy: boolean; run: RunCommand };

/** What may be done with a profile: enable or delete a disabled one, disable the enabled one. */
export const canEnable = (p: TEsimProfile) => p.state === 'disabled';
export const canDisable = (p: TEsimProfile) => p.state === 'enabled';
export const canDelete = (p: TEsimProfile) => p.state === 'disabled';

/** A disabled button gets no pointer events: the tooltip listens on a wrapper. */
const withBusyTip = (tip: string | undefined, node: ReactNode) => (
  <Tooltip title={tip}>
    <span className="esim-action-wrap">{node}</span>
  </Tooltip>
);

/** The profiles on the eUICC (deleted ones last), each with what may be done with it. */
export function EsimProfiles({ eid, profiles, busy, run }: Props) {
  const { t, i18n } = useTranslation();
  const columns: TableColumnsType<TEsimProfile> = [
    {
      key: 'iccid',
      title: 'ICCID',
      dataIndex: 'iccid',
      width: 210,
      render: (v: string) => (
        <Typography.Text translate="no" copyable>
          {v}
        </Typography.Text>
      ),
    },
    { key: 'operator', title: t('esim:field.operator'), dataIndex: 'operatorCode', width: 140, render: (v: string) => esimOperatorLabel(t, v) },
    {
      key: 'state',
      title: t('esim:field.profileState'),
      dataIndex: 'state',
      width: 100,
      render: (v: TEsimProfile['state'], p) => (
        <Tag color={PROFILE_STATE_COLOR[v]} data-testid={`profile-state-${p.iccid}`}>
          {profileStateLabel(t, v)}
        </Tag>
      ),
    },
    {
      key: 'source',
      title: t('esim:field.source'),
      dataIndex: 'acCode',
      width: 200,
      ellipsis: { showTitle: false },
      render: (v: string | null) =>
        v ? (
          <Tooltip title={v} placement="topLeft">
            <span translate="no">{v}</span>
          </Tooltip>
        ) : (
          t('esim:profile.builtIn')
        ),
    },
    {
      key: 'usage',
      title: t('esim:field.profileUsage'),
      dataIndex: 'usageBytes',
      width: 120,
      align: 'right',
      render: (v: number) => formatBytes(v, i18n.language),
    },
    { key: 'createdAt', title: t('esim:field.downloadedAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatUtc(v) },
    { key: 'actions', title: t('esim:field.actions'), width: 200, render: (_v, p) => <ProfileButtons t={t} eid={eid} p={p} busy={busy} run={run} /> },
  ];
  return (
    <RowsTable<TEsimProfile>
      rowKey="iccid"
      size="small"
      data-testid="esim-profiles"
      columns={columns}
      rows={profiles}
      scroll={{ x: 1140 }}
      locale={{ emptyText: t('esim:profile.empty') }}
    />
  );
}

function ProfileButtons({ t, eid, p, busy, run }: { t: TFunction; eid: string; p: TEsimProfile; busy: boolean; run: RunCommand }) {
  if (!canEnable(p) && !canDisable(p) && !canDelete(p)) return <Typography.Text type="secondary">—</Typography.Text>;
  const tip = busy ? t('esim:command.busy') : undefined;
  const send = (command: ProfileCommand) => run({ kind: 'profile', command, eid, iccid: p.iccid });
  return (
    <div className="esim-actions">
      {canEnable(p) &&
        withBusyTip(
          tip,
          <Button
            type="link"
            size="small"
            icon={<CheckCircleOutlined />}
            disabled={busy}
            aria-label={t('esim:profile.enableOf', { iccid: p.iccid })}
            data-testid={`profile-enable-${p.iccid}`}
            onClick={() => void send('enable')}
          >
            {t('esim:profile.enable')}
          </Button>,
        )}
      {canDisable(p) &&
        withBusyTip(
          tip,
          <Button
            type="link"
            size="small"
            icon={<StopOutlined />}
            disabled={busy}
            aria-label={t('esim:profile.disableOf', { iccid: p.iccid })}
            data-testid={`profile-disable-${p.iccid}`}
            onClick={() => void send('disable')}
          >
            {t('esim:profile.disable')}
          </Button>,
        )}
      {canDelete(p) &&
        (busy ? (
          withBusyTip(
            tip,
            <Button type="link" size="small" danger disabled icon={<DeleteOutlined />} data-testid={`profile-delete-${p.iccid}`}>
              {t('esim:profile.delete')}
            </Button>,
          )
        ) : (
          <DeleteConfirmButton
            title={t('esim:profile.deleteConfirm')}
            hint={t('esim:profile.deleteHint')}
            label={t('esim:profile.delete')}
            ariaLabel={t('esim:profile.deleteOf', { iccid: p.iccid })}
            testId={`profile-delete-${p.iccid}`}
            okTestId="profile-delete-ok"
            onConfirm={() => void send('delete')}
          />
        ))}
    </div>
  );
}

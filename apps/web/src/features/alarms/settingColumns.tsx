import { EditOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Button, Space, Switch, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { DeleteConfirmButton } from '../../lib/DeleteConfirmButton';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import type { TAlarmSetting } from './api';
import { splitEmails } from './rules';

const W = { name: 180, scope: 160, thresholdType: 140, period: 110, status: 110, emails: 240, threshold: 130, urgent: 130, createdAt: 160, actions: 150 };
export const SETTING_TABLE_WIDTH = Object.values(W).reduce((s, w) => s + w, 0);

export type SettingActions = {
  /** the group's name in the reader's language (the default group localised) */
  groupName: (s: TAlarmSetting) => string;
  onToggle: (s: TAlarmSetting, on: boolean) => void;
  toggling: string | null;
  onEdit: (s: TAlarmSetting) => void;
  onDelete: (s: TAlarmSetting) => void;
  locale: string;
};

/** The columns of the device alarm settings (spec section 3, Device alarm setting). */
export function settingColumns(t: TFunction, a: SettingActions, pinned: boolean): TableColumnsType<TAlarmSetting> {
  const nf = new Intl.NumberFormat(a.locale, { maximumFractionDigits: 2 });
  const mb = (v: number) => `${nf.format(v)} MB`;
  return [
    {
      key: 'name',
      title: t('alarms:field.name'),
      dataIndex: 'name',
      width: W.name,
      fixed: pinned ? 'left' : undefined,
      render: (v: string) => <UserText className="break-all">{v}</UserText>,
    },
    {
      key: 'scope',
      title: t('alarms:field.scope'),
      dataIndex: 'scope',
      width: W.scope,
      render: (_v, r) =>
        r.scope === 'all' ? (
          t('alarms:scope.all')
        ) : (
          <span>
            {t('alarms:scope.groupOf')}
            <UserText className="break-all">{a.groupName(r)}</UserText>
          </span>
        ),
    },
    {
      key: 'thresholdType',
      title: t('alarms:field.thresholdType'),
      dataIndex: 'thresholdType',
      width: W.thresholdType,
      render: (v: string) => t(`alarms:thresholdType.${v}`),
    },
    { key: 'period', title: t('alarms:field.period'), dataIndex: 'period', width: W.period, render: (v: string) => t(`alarms:period.${v}`) },
    {
      key: 'status',
      title: t('alarms:field.status'),
      dataIndex: 'status',
      width: W.status,
      render: (v: TAlarmSetting['status'], r) => (
        <Switch
          checked={v === 'on'}
          loading={a.toggling === r.id}
          checkedChildren={t('alarms:status.on')}
          unCheckedChildren={t('alarms:status.off')}
          aria-label={t('alarms:setting.statusOf', { name: r.name })}
          data-testid={`setting-toggle-${r.id}`}
          onChange={(on) => a.onToggle(r, on)}
        />
      ),
    },
    {
      key: 'emails',
      title: t('alarms:field.emails'),
      dataIndex: 'emails',
      width: W.emails,
      render: (v: string) => (
        <Space size={[4, 4]} wrap>
          {splitEmails(v).map((e) => (
            <Tag key={e} className="alarm-email" translate="no">
              {e}
            </Tag>
          ))}
        </Space>
      ),
    },
    { key: 'threshold', title: t('alarms:field.threshold'), dataIndex: 'threshold', width: W.threshold, align: 'right', render: mb },
    { key: 'urgentThreshold', title: t('alarms:field.urgentThreshold'), dataIndex: 'urgentThreshold', width: W.urgent, align: 'right', render: mb },
    {
      key: 'createdAt',
      title: t('alarms:field.createdAt'),
      dataIndex: 'createdAt',
      width: W.createdAt,
      render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('alarms:field.actions'),
      width: W.actions,
      fixed: pinned ? 'right' : undefined,
      render: (_v, r) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('alarms:setting.editOf', { name: r.name })}
            onClick={() => a.onEdit(r)}
            data-testid={`setting-edit-${r.id}`}
          >
            {t('alarms:action.edit')}
          </Button>
          <DeleteConfirmButton
            title={t('alarms:setting.deleteConfirm', { name: r.name })}
            hint={t('alarms:setting.deleteHint')}
            label={t('alarms:action.delete')}
            ariaLabel={t('alarms:setting.deleteOf', { name: r.name })}
            testId={`setting-delete-${r.id}`}
            okTestId="setting-delete-ok"
            onConfirm={() => a.onDelete(r)}
          />
        </Space>
      ),
    },
  ];
}

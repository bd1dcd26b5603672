import { PlusOutlined } from '@ant-design/icons';
import { ALARM_LIMITS as L } from '@rrp/contracts/constants';
import { App, Button, Card, Empty, Grid, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../lib/list';
import { useGroups } from '../devices/api';
import { groupLabel } from '../devices/labels';
import { AlarmSettingDialog } from './AlarmSettingDialog';
import { type TAlarmSetting, useAlarmSettings, useDeleteAlarmSetting, useSaveAlarmSetting } from './api';
import { SETTING_TABLE_WIDTH, settingColumns } from './settingColumns';

/** The whole setting as zAlarmSettingSave wants it, from a row (to change one field, e.g. its status). */
export function rowBody(s: TAlarmSetting, patch: Partial<Pick<TAlarmSetting, 'status'>> = {}) {
  return {
    id: s.id,
    name: s.name,
    scope: s.scope,
    ...(s.scope === 'group' && s.groupId ? { groupId: s.groupId } : {}),
    thresholdType: s.thresholdType,
    period: s.period,
    status: patch.status ?? s.status,
    emails: s.emails,
    threshold: s.threshold,
    urgentThreshold: s.urgentThreshold,
  };
}

/** Device alarm settings: the list, on/off, add, edit, delete. */
export function AlarmSettingsCard() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const list = useAlarmSettings();
  const groups = useGroups();
  const save = useSaveAlarmSetting();
  const remove = useDeleteAlarmSetting();
  const [editing, setEditing] = useState<TAlarmSetting | null>(null);
  const [open, setOpen] = useState(false);
  const [toggling, setToggling] = useState<string | null>(null);
  const screens = Grid.useBreakpoint();
  const rows = list.data ?? [];
  const full = rows.length >= L.settingsMax;

  const groupName = (s: TAlarmSetting) => {
    const g = groups.data?.find((x) => x.id === s.groupId);
    return g ? groupLabel(t, g) : (s.groupName ?? '—');
  };

  const columns = settingColumns(
    t,
    {
      groupName,
      toggling,
      locale: i18n.language,
      onEdit: (s) => {
        setEditing(s);
        setOpen(true);
      },
      onToggle: async (s, on) => {
        setToggling(s.id);
        try {
          await save.mutateAsync(rowBody(s, { status: on ? 'on' : 'off' }));
          void message.success(on ? t('alarms:setting.turnedOn', { name: s.name }) : t('alarms:setting.turnedOff', { name: s.name }));
        } catch {
          /* shown by the http client */
        } finally {
          setToggling(null);
        }
      },
      onDelete: async (s) => {
        try {
          await remove.mutateAsync(s.id);
          void message.success(t('alarms:setting.deleted'));
        } catch {
          /* shown by the http client */
        }
      },
    },
    screens.md !== false,
  );

  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={full}
      title={full ? t('alarms:setting.full', { max: L.settingsMax }) : undefined}
      onClick={() => {
        setEditing(null);
        setOpen(true);
      }}
      data-testid="setting-add"
    >
      {t('alarms:setting.add')}
    </Button>
  );

  return (
    <Card variant="borderless" title={t('alarms:setting.title')} extra={addButton} className="alarm-card" data-testid="settings-card">
      <Typography.Paragraph type="secondary" className="alarm-note">
        {t('alarms:setting.explain')}
      </Typography.Paragraph>
      <QueryTable<TAlarmSetting>
        list={list}
        loadFailed={t('alarms:setting.loadFailed')}
        rowKey="id"
        data-testid="settings-table"
        columns={columns}
        scroll={{ x: SETTING_TABLE_WIDTH }}
        empty={<Empty description={t('alarms:setting.empty')} />}
      />
      <AlarmSettingDialog open={open} setting={editing} onClose={() => setOpen(false)} />
    </Card>
  );
}

import type { TableColumnsType } from 'antd';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { AlarmDownloadButton } from './AlarmDownloadButton';
import type { TAlarm } from './api';
import { AlarmLevelTag } from './labels';

const W = { alarmNo: 120, title: 240, type: 150, level: 100, company: 160, createdAt: 150, endedAt: 150, handled: 170, download: 110 };
export const ALARM_TABLE_WIDTH = Object.values(W).reduce((s, w) => s + w, 0);
const TIME = 'YYYY-MM-DD HH:mm';

/** The columns of the alarm list (spec section 3, Alarm). */
export function alarmColumns(t: TFunction, pinned: boolean): TableColumnsType<TAlarm> {
  return [
    {
      key: 'alarmNo',
      title: t('alarms:field.alarmNo'),
      dataIndex: 'alarmNo',
      width: W.alarmNo,
      fixed: pinned ? 'left' : undefined,
      render: (v: string) => (
        <span translate="no" data-testid={`alarm-row-${v}`}>
          {v}
        </span>
      ),
    },
    {
      key: 'title',
      title: t('alarms:field.title'),
      dataIndex: 'title',
      width: W.title,
      render: (v: string, r) => (
        <div>
          <UserText className="break-all">{v}</UserText>
          {(r.imei || r.settingName) && (
            <Typography.Text type="secondary" className="alarm-sub">
              {r.imei && <span translate="no">IMEI {r.imei}</span>}
              {r.imei && r.settingName && ' · '}
              {r.settingName && <UserText>{r.settingName}</UserText>}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { key: 'type', title: t('alarms:field.type'), dataIndex: 'type', width: W.type, render: (v: string) => t(`alarms:type.${v}`) },
    { key: 'level', title: t('alarms:field.level'), dataIndex: 'level', width: W.level, render: (v: TAlarm['level']) => <AlarmLevelTag level={v} /> },
    {
      key: 'company',
      title: t('alarms:field.company'),
      dataIndex: 'companyName',
      width: W.company,
      render: (v: string) => <UserText className="break-all">{v}</UserText>,
    },
    { key: 'createdAt', title: t('alarms:field.createdAt'), dataIndex: 'createdAt', width: W.createdAt, render: (v: string) => formatUtc(v, TIME) },
    {
      key: 'endedAt',
      title: t('alarms:field.endedAt'),
      dataIndex: 'endedAt',
      width: W.endedAt,
      render: (v: string | null) => (v ? formatUtc(v, TIME) : <Tag color="orange">{t('alarms:state.open')}</Tag>),
    },
    {
      key: 'handled',
      title: t('alarms:field.handled'),
      dataIndex: 'handledAt',
      width: W.handled,
      render: (v: string | null, r) =>
        v ? (
          <div data-testid={`alarm-handled-${r.alarmNo}`}>
            {formatUtc(v, TIME)}
            {r.handledBy && (
              <Typography.Text type="secondary" className="alarm-sub">
                <UserText>{r.handledBy}</UserText>
              </Typography.Text>
            )}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('alarms:handled.no')}</Typography.Text>
        ),
    },
    { key: 'download', title: t('alarms:field.download'), width: W.download, render: (_v, r) => <AlarmDownloadButton alarm={r} /> },
  ];
}

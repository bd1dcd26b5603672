import type { TDeviceRow } from '@rrp/contracts';
import { Alert, Modal, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { formatBytes, formatDataText } from '../../lib/format';
import { type DeviceBillLine, useDeviceBills } from '../billing/api';
import { formatYuan } from '../orders/money';
import { useDeviceDetail } from './api';

/** The device's fees in the closed monthly bills, newest month first. */
function MonthlyFees({ imei }: { imei: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const q = useDeviceBills(imei);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (q.isError && !q.data) return <Alert type="warning" showIcon title={t('devices:bill.monthlyFailed')} />;
  return (
    <Table<DeviceBillLine>
      data-testid="device-bill-months"
      rowKey="billMonth"
      size="small"
      dataSource={q.data}
      pagination={false}
      scroll={{ x: 520, y: 240 }}
      locale={{ emptyText: t('devices:bill.monthlyEmpty') }}
      columns={[
        { key: 'billMonth', title: t('devices:bill.month'), dataIndex: 'billMonth', width: 100 },
        { key: 'usage', title: t('devices:bill.usage'), dataIndex: 'usageMb', align: 'right', width: 110, render: (v: number) => formatDataText(v, lng) },
        { key: 'roaming', title: t('devices:bill.roaming'), dataIndex: 'roamingMb', align: 'right', width: 110, render: (v: number) => formatDataText(v, lng) },
        {
          key: 'roamingFee',
          title: t('devices:bill.roamingFee'),
          dataIndex: 'roamingFee',
          align: 'right',
          width: 100,
          render: (v: number) => formatYuan(v, lng),
        },
        { key: 'numberFee', title: t('devices:bill.numberFee'), dataIndex: 'numberFee', align: 'right', width: 100, render: (v: number) => formatYuan(v, lng) },
      ]}
    />
  );
}

/** A device's daily usage this month (UTC), from the detail's last 30 days, and its fees in the closed monthly bills. */
export function BillModal({ device, onClose }: { device: TDeviceRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const q = useDeviceDetail(device?.imei ?? null);
  const month = dayjs.utc().format('YYYY-MM');
  const through = q.data?.usageThrough;
  const rows = (q.data?.usageDaily ?? []).filter((u) => u.day.startsWith(month)).sort((a, b) => (a.day < b.day ? 1 : -1));
  // the total and each day are rounded once from bytes, so they agree with the list's month figure
  const total = rows.reduce((s, r) => s + r.bytes, 0);
  return (
    <Modal
      open={!!device}
      onCancel={onClose}
      footer={null}
      width={640}
      title={device ? t('devices:bill.title', { imei: device.imei, month }) : ''}
      destroyOnHidden
    >
      <Typography.Title level={5}>{t('devices:bill.hint')}</Typography.Title>
      {q.isPending ? (
        <Skeleton active />
      ) : (
        <Table
          data-testid="device-bill-table"
          rowKey="day"
          size="small"
          dataSource={rows}
          pagination={false}
          scroll={{ y: 360 }}
          columns={[
            { key: 'day', title: t('devices:bill.day'), dataIndex: 'day' },
            { key: 'bytes', title: t('devices:bill.usage'), dataIndex: 'bytes', align: 'right', render: (v: number) => formatBytes(v, i18n.language) },
          ]}
          locale={{ emptyText: t('devices:bill.empty') }}
          summary={() => (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('devices:bill.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong>{formatBytes(total, i18n.language)}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          )}
        />
      )}
      <Typography.Paragraph type="secondary" className="devices-gap-top">
        {through ? t('devices:bill.noteT1', { day: through }) : t('devices:bill.note')}
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('devices:bill.monthly')}</Typography.Title>
      {device && <MonthlyFees imei={device.imei} />}
      <Typography.Paragraph type="secondary" className="devices-gap-top">
        {t('devices:bill.monthlyNote')}
      </Typography.Paragraph>
    </Modal>
  );
}

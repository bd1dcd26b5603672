import type { TDeviceRow } from '@rrp/contracts';
import { Modal, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { formatBytes } from '../../lib/format';
import { useDeviceDetail } from './api';

/** A device's daily usage this month (UTC), from the detail's last 30 days. */
export function BillModal({ device, onClose }: { device: TDeviceRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const q = useDeviceDetail(device?.imei ?? null);
  const month = dayjs.utc().format('YYYY-MM');
  const through = q.data?.usageThrough;
  const rows = (q.data?.usageDaily ?? []).filter((u) => u.day.startsWith(month)).sort((a, b) => (a.day < b.day ? 1 : -1));
  // the total and each day are rounded once from bytes, so they agree with the list's month figure
  const total = rows.reduce((s, r) => s + r.bytes, 0);
  return (
    <Modal open={!!device} onCancel={onClose} footer={null} title={device ? t('devices:bill.title', { imei: device.imei, month }) : ''} destroyOnHidden>
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
    </Modal>
  );
}

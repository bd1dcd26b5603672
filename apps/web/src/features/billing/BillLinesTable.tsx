import { Empty, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDataText } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { formatYuan } from '../orders/money';
import type { TBillDetail, TBillLine } from './api';

export type LinesQuery = { imei?: string; pageNum: number; pageSize: number };

/** A bill's device lines: usage, roaming and the fees of each device, searched by IMEI and paged by the server. */
export function BillLinesTable({
  lines,
  query,
  loading,
  onQuery,
}: {
  lines: TBillDetail['lines'];
  query: LinesQuery;
  loading: boolean;
  onQuery: (next: LinesQuery) => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <>
      <Input.Search
        allowClear
        className="bill-imei-search"
        inputMode="numeric"
        maxLength={15}
        aria-label={t('invoices:bills.imeiSearch')}
        placeholder={t('invoices:bills.imeiPlaceholder')}
        enterButton={t('invoices:bills.search')}
        data-testid="bill-imei-search"
        onSearch={(v) => onQuery({ ...query, imei: v.trim() || undefined, pageNum: 1 })}
      />
      <Table<TBillLine>
        rowKey="imei"
        size="small"
        data-testid="bill-lines"
        loading={loading}
        dataSource={lines.list}
        scroll={{ x: 760 }}
        locale={{ emptyText: <Empty description={query.imei ? t('invoices:bills.noLinesFiltered') : t('invoices:bills.noLines')} /> }}
        columns={[
          { key: 'imei', title: 'IMEI', dataIndex: 'imei', width: 160, render: (v: string) => <span translate="no">{v}</span> },
          {
            key: 'deviceName',
            title: t('invoices:bills.field.deviceName'),
            dataIndex: 'deviceName',
            width: 150,
            render: (v: string | null) => (v ? <UserText>{v}</UserText> : '—'),
          },
          {
            key: 'usage',
            title: t('invoices:bills.field.usage'),
            dataIndex: 'usageMb',
            width: 110,
            align: 'right',
            render: (v: number) => formatDataText(v, lng),
          },
          {
            key: 'roaming',
            title: t('invoices:bills.field.roaming'),
            dataIndex: 'roamingMb',
            width: 110,
            align: 'right',
            render: (v: number) => formatDataText(v, lng),
          },
          {
            key: 'roamingFee',
            title: t('invoices:bills.field.roamingFee'),
            dataIndex: 'roamingFee',
            width: 110,
            align: 'right',
            render: (v: number) => formatYuan(v, lng),
          },
          {
            key: 'numberFee',
            title: t('invoices:bills.field.numberFee'),
            dataIndex: 'numberFee',
            width: 110,
            align: 'right',
            render: (v: number) => formatYuan(v, lng),
          },
        ]}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: lines.total,
          showSizeChanger: true,
          pageSizeOptions: ['20', '50', '100'],
          showTotal: (total) => t('invoices:bills.devicesTotal', { count: total }),
          onChange: (pageNum, pageSize) => onQuery({ ...query, pageNum: pageSize !== query.pageSize ? 1 : pageNum, pageSize }),
        }}
      />
    </>
  );
}

import { Button, Descriptions, Drawer, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerSection } from '../../lib/DrawerSection';
import { formatDataText, formatUtc } from '../../lib/format';
import { RowsTable } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { formatYuan } from '../orders/money';
import { type TBill, type TBillDetail, useBillDetail } from './api';
import { BillLinesTable, type LinesQuery } from './BillLinesTable';
import { BillRates } from './BillRates';
import { ExportBillButton } from './ExportBillButton';

const FIRST_LINES: LinesQuery = { pageNum: 1, pageSize: 20 };

/** A bill's figures: its fees and what they were computed from (devices, usage, overage, roaming). */
function BillSummary({ bill }: { bill: TBill }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const f = (k: string) => t(`invoices:bills.field.${k}`);
  return (
    <Descriptions
      column={{ xs: 1, sm: 2 }}
      bordered
      size="small"
      data-testid="bill-summary"
      items={[
        { key: 'billMonth', label: f('billMonth'), children: bill.billMonth },
        { key: 'issueDate', label: f('issueDate'), children: formatUtc(bill.issueDate, 'YYYY-MM-DD') },
        { key: 'packageFee', label: f('packageFee'), children: formatYuan(bill.packageFee, lng) },
        { key: 'overageFee', label: f('overageFee'), children: formatYuan(bill.overageFee, lng) },
        { key: 'roamingFee', label: f('roamingFee'), children: formatYuan(bill.roamingFee, lng) },
        { key: 'numberFee', label: f('numberFee'), children: formatYuan(bill.numberFee, lng) },
        {
          key: 'total',
          label: f('total'),
          span: 'filled',
          children: (
            <Typography.Text strong data-testid="bill-total">
              {formatYuan(bill.total, lng)}
            </Typography.Text>
          ),
        },
        { key: 'devices', label: f('devices'), children: new Intl.NumberFormat(lng).format(bill.devices) },
        { key: 'usage', label: f('usage'), children: formatDataText(bill.usageMb, lng) },
        { key: 'overage', label: f('overage'), children: formatDataText(bill.overageMb, lng) },
        { key: 'roaming', label: f('roaming'), children: formatDataText(bill.roamingMb, lng) },
      ]}
    />
  );
}

/** The orders completed in the month, behind its package fee. */
function BillOrders({ orders }: { orders: TBillDetail['orders'] }) {
  const { t, i18n } = useTranslation();
  return (
    <RowsTable
      rowKey="orderNo"
      size="small"
      data-testid="bill-orders"
      rows={orders}
      scroll={{ x: 600 }}
      locale={{ emptyText: t('invoices:bills.noOrders') }}
      columns={[
        { key: 'orderNo', title: t('orders:field.orderNo'), dataIndex: 'orderNo', width: 210, render: (v: string) => <span translate="no">{v}</span> },
        { key: 'product', title: t('orders:field.product'), dataIndex: 'productName', width: 140, render: (v: string) => <UserText>{v}</UserText> },
        {
          key: 'amount',
          title: t('invoices:field.orderAmount'),
          dataIndex: 'amount',
          width: 110,
          align: 'right',
          render: (v: number) => formatYuan(v, i18n.language),
        },
        {
          key: 'completedAt',
          title: t('invoices:field.completedAt'),
          dataIndex: 'completedAt',
          width: 150,
          render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm'),
        },
      ]}
    />
  );
}

/** A bill's detail: the call (with the page and the IMEI search of its device lines), its loading and failure. */
function BillDetailBody({ bill }: { bill: TBill }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<LinesQuery>(FIRST_LINES);
  const detail = useBillDetail({ id: bill.id, ...lines });
  const d = detail.data;
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!d)
    return (
      <Result
        status="warning"
        title={t('invoices:bills.loadFailed')}
        extra={<Button onClick={() => void detail.refetch()}>{t('common:action.retry')}</Button>}
      />
    );
  return (
    <div data-testid="bill-detail">
      <BillSummary bill={d.bill} />
      <Typography.Paragraph type="secondary" className="invoice-gap-top">
        {t('invoices:bills.detailNote')}
      </Typography.Paragraph>
      <DrawerSection title={t('invoices:bills.rates')}>
        <BillRates rates={d.rates} />
      </DrawerSection>
      <DrawerSection title={t('invoices:bills.orders')}>
        <BillOrders orders={d.orders} />
      </DrawerSection>
      <DrawerSection title={t('invoices:bills.lines')}>
        <BillLinesTable lines={d.lines} query={lines} loading={detail.isFetching} onQuery={setLines} />
      </DrawerSection>
    </div>
  );
}

/**
 * One monthly bill: its summary, the rates used, the orders behind the package fee, the device
 * lines, and its xlsx. `bill` stays set while the drawer closes, so its title does not blink.
 */
export function BillDrawer({ bill, open, onClose }: { bill: TBill | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open && !!bill}
      onClose={onClose}
      title={bill ? t('invoices:bills.detailTitle', { month: bill.billMonth }) : ''}
      size="large"
      destroyOnHidden
      extra={bill ? <ExportBillButton bill={bill} /> : null}
    >
      {/* another bill starts from the first page of its lines, unsearched */}
      {bill && <BillDetailBody key={bill.id} bill={bill} />}
    </Drawer>
  );
}

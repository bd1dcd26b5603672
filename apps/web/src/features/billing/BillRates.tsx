import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../orders/money';
import type { TBillDetail } from './api';

/** The rates a bill was computed with: each code's price in yuan and its unit (per MB, or per device per month). */
export function BillRates({ rates }: { rates: TBillDetail['rates'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      data-testid="bill-rates"
      items={rates.map((r) => ({
        key: r.code,
        label: t(`invoices:bills.rate.${r.code}`),
        children: t(`invoices:bills.rateUnit.${r.code}`, { price: formatYuan(r.price, i18n.language) }),
      }))}
    />
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBill, type TBill } from './api';

/** Downloads one bill as xlsx, showing its progress (the http client shows a failure). */
export function ExportBillButton({ bill, ...props }: { bill: Pick<TBill, 'id' | 'billMonth'> } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      aria-label={t('invoices:bills.exportOf', { month: bill.billMonth })}
      data-testid={`bill-export-${bill.billMonth}`}
      {...props}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadBill(bill);
        } catch {
          /* shown by the http client */
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('invoices:bills.export')}
    </Button>
  );
}

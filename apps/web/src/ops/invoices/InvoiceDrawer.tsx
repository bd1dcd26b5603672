import { DownloadOutlined } from '@ant-design/icons';
import type { TInvoiceDetail } from '@rrp/contracts';
import { Button, Drawer, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadInvoiceFile, downloadStatement, useOpsInvoiceDetail } from './api';
import { CancelInvoiceDialog } from './CancelInvoiceDialog';
import { InvoiceFacts } from './InvoiceFacts';
import { IssueInvoiceDialog } from './IssueInvoiceDialog';

type Busy = 'statement' | 'file' | null;

/** One work order: its facts, the statement and invoice downloads, and issuing or cancelling it while in progress. */
export function InvoiceDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useOpsInvoiceDetail(id);
  const [issuing, setIssuing] = useState<TInvoiceDetail | null>(null);
  const [cancelling, setCancelling] = useState<TInvoiceDetail | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const inv = detail.data ?? null;

  const fetchFile = async (which: Exclude<Busy, null>, get: () => Promise<unknown>) => {
    setBusy(which);
    try {
      await get();
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size="large"
      title={inv ? t('ops:invoices.detailOf', { ticketNo: inv.ticketNo }) : t('ops:invoices.detail')}
      destroyOnHidden
    >
      {detail.isLoading && <Skeleton active paragraph={{ rows: 12 }} />}
      {detail.isError && !inv && (
        <Result status="warning" title={t('common:systemError')} extra={<Button onClick={() => void detail.refetch()}>{t('common:action.retry')}</Button>} />
      )}
      {inv && (
        <>
          <Space wrap className="ops-invoice-actions">
            {inv.status === 'in_progress' && (
              <>
                <Button type="primary" onClick={() => setIssuing(inv)} data-testid="ops-invoice-issue">
                  {t('ops:invoices.issue.open')}
                </Button>
                <Button danger onClick={() => setCancelling(inv)} data-testid="ops-invoice-cancel">
                  {t('ops:invoices.cancel.open')}
                </Button>
              </>
            )}
            <Button
              icon={<DownloadOutlined />}
              loading={busy === 'statement'}
              onClick={() => void fetchFile('statement', () => downloadStatement(inv))}
              data-testid="ops-invoice-statement"
            >
              {t('ops:invoices.downloadStatement')}
            </Button>
            {inv.status === 'issued' && inv.fileName && (
              <Button
                icon={<DownloadOutlined />}
                loading={busy === 'file'}
                onClick={() => void fetchFile('file', () => downloadInvoiceFile(inv))}
                data-testid="ops-invoice-download"
              >
                {t('ops:invoices.downloadFile')}
              </Button>
            )}
          </Space>
          <InvoiceFacts invoice={inv} />
        </>
      )}
      <IssueInvoiceDialog invoice={issuing} onClose={() => setIssuing(null)} />
      <CancelInvoiceDialog invoice={cancelling} onClose={() => setCancelling(null)} />
    </Drawer>
  );
}

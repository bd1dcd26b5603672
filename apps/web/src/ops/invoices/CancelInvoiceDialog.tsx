import type { TInvoiceDetail } from '@rrp/contracts';
import { INVOICE_LIMITS } from '@rrp/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { App, type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatYuan } from '../../features/orders/money';
import { ApiError } from '../../lib/http';
import { UserText } from '../../lib/UserText';
import { cancelInvoice, OPS_INVOICES_KEY } from './api';

const REASON_MAX = INVOICE_LIMITS.cancelReasonMax;

/** Cancelling an application in progress needs a reason the customer reads; its orders can then be invoiced again. */
export function CancelInvoiceDialog({ invoice, onClose }: { invoice: TInvoiceDetail | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!invoice) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      await cancelInvoice(invoice.id, v.reason.trim());
      onClose();
      await qc.invalidateQueries({ queryKey: OPS_INVOICES_KEY });
      void message.success(t('ops:invoices.cancel.done'));
    } catch (err) {
      // shown by the http client; a work order handled meanwhile makes the lists stale
      if (err instanceof ApiError && (err.code === 31003 || err.code === 31007)) void qc.invalidateQueries({ queryKey: OPS_INVOICES_KEY });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!invoice}
      title={t('ops:invoices.cancel.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('ops:invoices.cancel.submit')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'ops-invoice-cancel-submit' } as ButtonProps}
      cancelText={t('common:action.back')}
      destroyOnHidden
    >
      {invoice && (
        <Typography.Paragraph data-testid="ops-invoice-cancel-text">
          <Trans
            i18nKey="ops:invoices.cancel.text"
            values={{ ticketNo: invoice.ticketNo, company: invoice.companyName, total: formatYuan(invoice.total, i18n.language) }}
            components={{ company: <UserText className="break-all" /> }}
          />
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('ops:invoices.cancel.reason')}
          extra={t('ops:invoices.cancel.reasonHint')}
          rules={[
            { required: true, whitespace: true, message: t('ops:invoices.cancel.reasonRequired') },
            { max: REASON_MAX, message: t('ops:tooLong', { max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={REASON_MAX} data-testid="ops-invoice-cancel-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

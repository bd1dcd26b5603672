import { INVOICE_LIMITS } from '@rrp/contracts/constants';
import { App, type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TInvoice, useCancelInvoice } from './api';
import { textRules } from './partyRules';

/** Cancels an application in progress, with a reason (required); its orders can then be invoiced again. */
export function CancelInvoiceDialog({ invoice, onClose }: { invoice: Pick<TInvoice, 'id' | 'ticketNo'> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelInvoice();

  const submit = async () => {
    if (!invoice) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await cancel.mutateAsync({ id: invoice.id, reason: v.reason.trim() });
      void message.success(t('invoices:cancel.done'));
      onClose();
    } catch {
      /* the http client shows the server's message */
    }
  };

  return (
    <Modal
      open={!!invoice}
      title={t('invoices:cancel.title', { ticketNo: invoice?.ticketNo ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('invoices:cancel.ok')}
      cancelText={t('invoices:cancel.keep')}
      okButtonProps={{ danger: true, loading: cancel.isPending, 'data-testid': 'invoice-cancel-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('invoices:cancel.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="invoice-cancel">
        <Form.Item
          name="reason"
          label={t('invoices:cancel.reason')}
          rules={textRules(t, { label: t('invoices:cancel.reason'), max: INVOICE_LIMITS.cancelReasonMax })}
        >
          <Input.TextArea rows={3} count={{ show: true, max: INVOICE_LIMITS.cancelReasonMax }} data-testid="invoice-cancel-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

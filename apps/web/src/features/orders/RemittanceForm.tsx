import { ORDER_LIMITS, ORDER_TIMING } from '@rrp/contracts/constants';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TOrderDetail, useConfirmRemittance } from './api';

type Values = { bankTransactionNo: string };

/** "I have transferred": the bank transaction number (required, at most 100 characters) goes to the platform for reconciliation. */
export function RemittanceForm({ order, autoFocus }: { order: TOrderDetail; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmRemittance();
  const [form] = Form.useForm<Values>();
  const [min, max] = ORDER_TIMING.reconciliationWorkingDays;
  const again = order.remittanceState === 'rejected';

  const submit = async ({ bankTransactionNo }: Values) => {
    try {
      await confirm.mutateAsync({ orderNo: order.orderNo, bankTransactionNo: bankTransactionNo.trim() });
      void message.success(t('orders:remittanceDialog.sent', { min, max }));
    } catch {
      /* shown by the http client */
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={(v) => void submit(v)}
      initialValues={{ bankTransactionNo: again ? (order.bankTransactionNo ?? '') : '' }}
      className="order-remittance-form"
    >
      <Form.Item
        name="bankTransactionNo"
        label={t('orders:field.bankTransactionNo')}
        extra={t('orders:remittanceDialog.transactionHint')}
        rules={[
          { required: true, whitespace: true, message: t('orders:remittanceDialog.transactionRequired') },
          { max: ORDER_LIMITS.bankTransactionNoMax, message: t('orders:tooLong', { max: ORDER_LIMITS.bankTransactionNoMax }) },
        ]}
      >
        <Input autoFocus={autoFocus} autoComplete="off" count={{ show: true, max: ORDER_LIMITS.bankTransactionNoMax }} data-testid="remittance-transaction" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={confirm.isPending} data-testid="remittance-submit">
        {again ? t('orders:remittanceDialog.resubmit') : t('orders:remittanceDialog.submit')}
      </Button>
    </Form>
  );
}

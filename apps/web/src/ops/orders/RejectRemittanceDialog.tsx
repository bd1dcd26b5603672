import type { TOrder } from '@rrp/contracts';
import { LIMITS } from '@rrp/contracts/constants';
import { Form, Input, Modal } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { formatYuan } from '../../features/orders/money';
import { UserText } from '../../lib/UserText';

/** The contract's rejection reason limit (zRemittanceReject: 200, the same as a certification's). */
const REASON_MAX = LIMITS.rejectReasonMax;

/** Rejecting a transfer needs a reason (the customer reads it and may correct the bank transaction number). */
export function RejectRemittanceDialog({
  order,
  busy,
  onCancel,
  onReject,
}: {
  order: TOrder | null;
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) onReject(v.reason);
  };
  return (
    <Modal
      open={!!order}
      title={t('ops:orders.rejectTitle')}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={t('ops:orders.reject')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'ops-remit-reject-confirm' } as never}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      {order && (
        <p>
          <Trans
            i18nKey="ops:orders.rejectText"
            values={{
              orderNo: order.orderNo,
              amount: formatYuan(order.totalAmount, i18n.language),
              code: order.remittanceCode ?? '—',
              no: order.bankTransactionNo ?? '—',
            }}
            components={{ code: <UserText />, no: <UserText /> }}
          />
        </p>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('ops:orders.reason')}
          extra={t('ops:orders.reasonHint')}
          rules={[
            { required: true, whitespace: true, message: t('ops:orders.reasonRequired') },
            { max: REASON_MAX, message: t('ops:tooLong', { max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={REASON_MAX} data-testid="ops-remit-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { ORDER_LIMITS } from '@rrp/contracts/constants';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TOrder, useUpdateOrder } from './api';

type Values = { payerName: string; remark: string };

/** Changes the payer name or remark of an order that waits for payment (only what changed is sent). */
export function EditOrderDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateOrder();
  const [form] = Form.useForm<Values>();

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const payerName = v.payerName.trim();
    const remark = (v.remark ?? '').trim();
    const body = {
      orderNo: order.orderNo,
      ...(payerName !== order.payerName ? { payerName } : {}),
      ...(remark !== (order.remark ?? '') ? { remark } : {}),
    };
    if (Object.keys(body).length === 1) return onClose();
    try {
      await update.mutateAsync(body);
      void message.success(t('orders:edit.saved'));
      onClose();
    } catch {
      /* shown by the http client */
    }
  };

  return (
    <Modal
      open
      title={t('orders:edit.title', { orderNo: order.orderNo })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('orders:edit.save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: update.isPending }}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ payerName: order.payerName, remark: order.remark ?? '' }}>
        <Form.Item
          name="payerName"
          label={t('orders:field.payerName')}
          extra={t('orders:edit.payerHint')}
          rules={[
            { required: true, whitespace: true, message: t('orders:edit.payerRequired') },
            { max: ORDER_LIMITS.payerNameMax, message: t('orders:tooLong', { max: ORDER_LIMITS.payerNameMax }) },
          ]}
        >
          <Input translate="no" count={{ show: true, max: ORDER_LIMITS.payerNameMax }} data-testid="order-edit-payer" />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('orders:field.remark')}
          rules={[{ max: ORDER_LIMITS.remarkMax, message: t('orders:tooLong', { max: ORDER_LIMITS.remarkMax }) }]}
        >
          <Input.TextArea rows={3} count={{ show: true, max: ORDER_LIMITS.remarkMax }} data-testid="order-edit-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { EMAIL_RE, INVOICE_LIMITS as L, LIMITS, SUPPORT_PHONE_RE } from '@rrp/contracts/constants';
import { App, type ButtonProps, Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type RecipientSave, type TRecipient, useSaveRecipient } from './api';
import { textRules, trimmed } from './partyRules';

type Values = { name: string; phone: string; address: string; email: string; isDefault: boolean };

const EMPTY: Values = { name: '', phone: '', address: '', email: '', isDefault: false };

/**
 * Adds or edits where invoices go: the e-mail that receives an electronic invoice, and the postal
 * address a paper invoice is sent to (needed for a special invoice only). Used by the headers tab
 * and, for a new recipient, by the apply step.
 */
export function RecipientFormDialog({
  open,
  recipient,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** the recipient to edit; null adds one */
  recipient: TRecipient | null;
  onClose: () => void;
  onSaved?: (saved: TRecipient) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveRecipient();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (recipient)
      form.setFieldsValue({ name: recipient.name, phone: recipient.phone, address: recipient.address, email: recipient.email, isDefault: recipient.isDefault });
  }, [open, recipient, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: RecipientSave = { ...trimmed(v), address: (v.address ?? '').trim(), isDefault: !!v.isDefault, ...(recipient ? { id: recipient.id } : {}) };
    try {
      const saved = await save.mutateAsync(body);
      void message.success(t('invoices:parties.saved'));
      onSaved?.(saved);
      onClose();
    } catch {
      /* the http client shows the server's message */
    }
  };

  const f = (key: keyof Values) => t(`invoices:recipientField.${key}`);
  return (
    <Modal
      open={open}
      title={recipient ? t('invoices:parties.editRecipient') : t('invoices:parties.addRecipient')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('invoices:parties.save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'recipient-form-submit' } as ButtonProps}
      destroyOnHidden
      forceRender
    >
      <Form<Values> form={form} layout="vertical" name="invoice-recipient" initialValues={EMPTY}>
        <Form.Item name="name" label={f('name')} rules={textRules(t, { label: f('name'), max: L.recipientNameMax })}>
          <Input translate="no" count={{ show: true, max: L.recipientNameMax }} data-testid="recipient-form-name" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={f('phone')}
          rules={textRules(t, { label: f('phone'), max: L.recipientPhoneMax, pattern: SUPPORT_PHONE_RE, patternMessage: t('invoices:validation.phone') })}
        >
          <Input translate="no" inputMode="tel" count={{ show: true, max: L.recipientPhoneMax }} data-testid="recipient-form-phone" />
        </Form.Item>
        <Form.Item
          name="email"
          label={f('email')}
          extra={t('invoices:parties.emailHint')}
          rules={textRules(t, { label: f('email'), max: LIMITS.emailMax, pattern: EMAIL_RE, patternMessage: t('invoices:validation.email') })}
        >
          <Input translate="no" type="email" data-testid="recipient-form-email" />
        </Form.Item>
        <Form.Item
          name="address"
          label={f('address')}
          extra={t('invoices:parties.addressHint')}
          rules={textRules(t, { label: f('address'), max: L.recipientAddressMax, required: false })}
        >
          <Input.TextArea translate="no" rows={2} count={{ show: true, max: L.recipientAddressMax }} data-testid="recipient-form-address" />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox data-testid="recipient-form-default">{f('isDefault')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

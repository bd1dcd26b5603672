import { INVOICE_LIMITS as L, SUPPORT_PHONE_RE } from '@rrp/contracts/constants';
import { App, type ButtonProps, Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type TInvoiceTitle, type TitleSave, useSaveTitle } from './api';
import { textRules, trimmed } from './partyRules';

/** The patterns of zInvoiceTitleFields: a taxpayer id of letters and digits, a bank account of digits, spaces and hyphens. */
const TAXPAYER_ID_RE = /^[0-9A-Za-z]+$/;
const BANK_ACCOUNT_RE = /^[0-9 -]+$/;

type Values = Omit<TitleSave, 'id'>;

const EMPTY: Values = { title: '', taxpayerId: '', bank: '', bankAccount: '', registeredAddress: '', registeredPhone: '', isDefault: false };

/**
 * Adds or edits an invoice header (company title, taxpayer id, bank, account, registered address
 * and phone), with the limits of the contracts checked before it is sent. Used by the headers tab
 * and, for a new header, by the apply step.
 */
export function TitleFormDialog({
  open,
  title,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** the header to edit; null adds one */
  title: TInvoiceTitle | null;
  onClose: () => void;
  onSaved?: (saved: TInvoiceTitle) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveTitle();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (title) {
      const { id: _id, updatedAt: _at, ...fields } = title;
      form.setFieldsValue(fields);
    }
  }, [open, title, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const saved = await save.mutateAsync({ ...trimmed(v), isDefault: !!v.isDefault, ...(title ? { id: title.id } : {}) });
      void message.success(t('invoices:parties.saved'));
      onSaved?.(saved);
      onClose();
    } catch {
      /* the http client shows the server's message */
    }
  };

  const f = (key: keyof typeof EMPTY) => t(`invoices:titleField.${key}`);
  return (
    <Modal
      open={open}
      title={title ? t('invoices:parties.editTitle') : t('invoices:parties.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('invoices:parties.save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'title-form-submit' } as ButtonProps}
      destroyOnHidden
      forceRender
    >
      <Form<Values> form={form} layout="vertical" name="invoice-title" initialValues={EMPTY}>
        <Form.Item name="title" label={f('title')} extra={t('invoices:parties.titleHint')} rules={textRules(t, { label: f('title'), max: L.titleMax })}>
          <Input translate="no" count={{ show: true, max: L.titleMax }} data-testid="title-form-title" />
        </Form.Item>
        <Form.Item
          name="taxpayerId"
          label={f('taxpayerId')}
          rules={textRules(t, { label: f('taxpayerId'), max: L.taxpayerIdMax, pattern: TAXPAYER_ID_RE, patternMessage: t('invoices:validation.taxpayerId') })}
        >
          <Input translate="no" count={{ show: true, max: L.taxpayerIdMax }} data-testid="title-form-taxpayer" />
        </Form.Item>
        <Form.Item name="bank" label={f('bank')} rules={textRules(t, { label: f('bank'), max: L.bankMax })}>
          <Input translate="no" count={{ show: true, max: L.bankMax }} data-testid="title-form-bank" />
        </Form.Item>
        <Form.Item
          name="bankAccount"
          label={f('bankAccount')}
          rules={textRules(t, {
            label: f('bankAccount'),
            max: L.bankAccountMax,
            pattern: BANK_ACCOUNT_RE,
            patternMessage: t('invoices:validation.bankAccount'),
          })}
        >
          <Input translate="no" inputMode="numeric" count={{ show: true, max: L.bankAccountMax }} data-testid="title-form-account" />
        </Form.Item>
        <Form.Item name="registeredAddress" label={f('registeredAddress')} rules={textRules(t, { label: f('registeredAddress'), max: L.registeredAddressMax })}>
          <Input.TextArea translate="no" rows={2} count={{ show: true, max: L.registeredAddressMax }} data-testid="title-form-address" />
        </Form.Item>
        <Form.Item
          name="registeredPhone"
          label={f('registeredPhone')}
          rules={textRules(t, {
            label: f('registeredPhone'),
            max: L.registeredPhoneMax,
            pattern: SUPPORT_PHONE_RE,
            patternMessage: t('invoices:validation.phone'),
          })}
        >
          <Input translate="no" inputMode="tel" count={{ show: true, max: L.registeredPhoneMax }} data-testid="title-form-phone" />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox data-testid="title-form-default">{f('isDefault')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { INVOICE_ISSUE_WORKING_DAYS } from '@rrp/contracts/constants';
import { Alert, Button, Descriptions, Form, Result, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../lib/UserText';
import { type InvoiceType, type TInvoiceableOrder, type TInvoiceTitle, type TRecipient, useRecipients, useTitles } from './api';
import { RecipientFormDialog } from './RecipientFormDialog';
import { SelectionSummary } from './SelectionSummary';
import { payerMismatches } from './selection';
import { TitleFormDialog } from './TitleFormDialog';

/** How many mismatching orders the warning lists before it says "and N more". */
const MISMATCH_SHOWN = 5;

/** The saved item to preselect: the one chosen before if it still exists, else the default, else the first. */
function preselect<T extends { id: string; isDefault: boolean }>(list: readonly T[] | undefined, current: string | null): string | null {
  if (!list?.length) return null;
  if (current && list.some((x) => x.id === current)) return current;
  return (list.find((x) => x.isDefault) ?? list[0]).id;
}

const dash = (v: string) => (v ? <UserText className="break-all">{v}</UserText> : '—');

/** A saved header or recipient to pick, with the button that adds one on the spot. */
function PartyPicker(p: {
  kind: 'title' | 'recipient';
  label: string;
  extra: string;
  empty: string;
  placeholder: string;
  addLabel: string;
  value: string | null;
  onChange: (id: string) => void;
  onAdd: () => void;
  options: { id: string; text: string; isDefault: boolean }[];
  className?: string;
}) {
  const { t } = useTranslation();
  const id = `invoice-apply-${p.kind}`;
  return (
    <Form.Item
      label={p.label}
      htmlFor={id}
      required
      className={p.className}
      extra={p.extra}
      validateStatus={p.options.length ? undefined : 'warning'}
      help={p.options.length ? undefined : p.empty}
    >
      <div className="invoice-pick">
        <Select
          id={id}
          className="invoice-pick-select"
          value={p.value ?? undefined}
          onChange={(v: string) => p.onChange(v)}
          placeholder={p.placeholder}
          data-testid={id}
          options={p.options.map((o) => ({
            value: o.id,
            label: (
              <UserText>
                {o.text}
                {o.isDefault ? ` · ${t('invoices:parties.default')}` : ''}
              </UserText>
            ),
          }))}
        />
        <Button icon={<PlusOutlined />} onClick={p.onAdd} data-testid={`invoice-apply-add-${p.kind}`}>
          {p.addLabel}
        </Button>
      </div>
    </Form.Item>
  );
}

/** The chosen header, as the invoice will show it. */
function TitleFacts({ title }: { title: TInvoiceTitle }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`invoices:titleField.${k}`);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      bordered
      className="invoice-facts"
      data-testid="invoice-title-facts"
      items={[
        { key: 'taxpayerId', label: f('taxpayerId'), children: dash(title.taxpayerId) },
        { key: 'registeredPhone', label: f('registeredPhone'), children: dash(title.registeredPhone) },
        { key: 'bank', label: f('bank'), children: dash(title.bank) },
        { key: 'bankAccount', label: f('bankAccount'), children: dash(title.bankAccount) },
        { key: 'registeredAddress', label: f('registeredAddress'), children: dash(title.registeredAddress), span: 'filled' },
      ]}
    />
  );
}

/** The chosen recipient: the e-mail for an electronic invoice, the postal address for a paper one. */
function RecipientFacts({ recipient, type }: { recipient: TRecipient; type: InvoiceType }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`invoices:recipientField.${k}`);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      bordered
      className="invoice-facts"
      data-testid="invoice-recipient-facts"
      items={[
        { key: 'phone', label: f('phone'), children: dash(recipient.phone) },
        { key: 'email', label: f('email'), children: dash(recipient.email) },
        ...(type === 'special' ? [{ key: 'address', label: f('address'), children: dash(recipient.address), span: 'filled' as const }] : []),
      ]}
    />
  );
}

/**
 * Step 2 of an application: the header and the recipient (the defaults preselected; new ones
 * added in place), with what would make the server refuse it shown before it is sent: an order
 * whose payer name is not the header title, a paper invoice without a postal address. The
 * server's own refusal (its message) shows here too.
 */
export function ConfirmPartiesStep({
  type,
  orders,
  titleId,
  recipientId,
  onTitle,
  onRecipient,
  onBack,
  onSubmit,
  submitting,
  error,
}: {
  type: InvoiceType;
  orders: readonly TInvoiceableOrder[];
  titleId: string | null;
  recipientId: string | null;
  onTitle: (id: string | null) => void;
  onRecipient: (id: string | null) => void;
  onBack: () => void;
  onSubmit: () => void;
  submitting: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const titles = useTitles();
  const recipients = useRecipients();
  const [adding, setAdding] = useState<'title' | 'recipient' | null>(null);

  useEffect(() => {
    if (titles.data) {
      const id = preselect(titles.data, titleId);
      if (id !== titleId) onTitle(id);
    }
  }, [titles.data, titleId, onTitle]);
  useEffect(() => {
    if (recipients.data) {
      const id = preselect(recipients.data, recipientId);
      if (id !== recipientId) onRecipient(id);
    }
  }, [recipients.data, recipientId, onRecipient]);

  const title = titles.data?.find((h) => h.id === titleId) ?? null;
  const recipient = recipients.data?.find((r) => r.id === recipientId) ?? null;
  const mismatched = payerMismatches(orders, title?.title);
  const needsAddress = type === 'special' && !!recipient && !recipient.address.trim();

  if (titles.isPending || recipients.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!titles.data || !recipients.data)
    return (
      <Result
        status="warning"
        title={t('invoices:loadFailed')}
        extra={
          <Space wrap>
            <Button onClick={onBack}>{t('invoices:apply.back')}</Button>
            <Button type="primary" onClick={() => void Promise.all([titles.refetch(), recipients.refetch()])}>
              {t('common:action.retry')}
            </Button>
          </Space>
        }
      />
    );

  return (
    <div className="invoice-step" data-testid="invoice-step-parties">
      <Form layout="vertical" className="invoice-parties-form">
        <PartyPicker
          kind="title"
          label={t('invoices:apply.titleLabel')}
          extra={t('invoices:apply.payerRule')}
          empty={t('invoices:apply.noTitle')}
          placeholder={t('invoices:apply.chooseTitle')}
          addLabel={t('invoices:parties.addTitle')}
          value={titleId}
          onChange={onTitle}
          onAdd={() => setAdding('title')}
          options={(titles.data ?? []).map((h) => ({ id: h.id, text: h.title, isDefault: h.isDefault }))}
        />
        {title && <TitleFacts title={title} />}
        {mismatched.length > 0 && (
          <Alert
            type="warning"
            showIcon
            className="invoice-alert"
            data-testid="invoice-payer-mismatch"
            title={t('invoices:apply.payerMismatch', { count: mismatched.length })}
            description={
              <ul className="invoice-mismatch-list">
                {mismatched.slice(0, MISMATCH_SHOWN).map((o) => (
                  <li key={o.orderNo}>
                    <span translate="no">{o.orderNo}</span>
                    {t('common:colon')}
                    <UserText className="break-all">{o.payerName}</UserText>
                  </li>
                ))}
                {mismatched.length > MISMATCH_SHOWN && <li>{t('invoices:apply.andMore', { count: mismatched.length - MISMATCH_SHOWN })}</li>}
              </ul>
            }
          />
        )}
        <PartyPicker
          kind="recipient"
          label={t('invoices:apply.recipientLabel')}
          extra={t(`invoices:apply.deliver.${type}`)}
          empty={t('invoices:apply.noRecipient')}
          placeholder={t('invoices:apply.chooseRecipient')}
          addLabel={t('invoices:parties.addRecipient')}
          value={recipientId}
          onChange={onRecipient}
          onAdd={() => setAdding('recipient')}
          options={(recipients.data ?? []).map((r) => ({ id: r.id, text: `${r.name} · ${r.email}`, isDefault: r.isDefault }))}
          className="invoice-gap-top"
        />
        {recipient && <RecipientFacts recipient={recipient} type={type} />}
        {needsAddress && (
          <Alert type="warning" showIcon className="invoice-alert" data-testid="invoice-needs-address" title={t('invoices:apply.needAddress')} />
        )}
      </Form>
      {error && <Alert type="error" showIcon className="invoice-alert" data-testid="invoice-apply-error" title={error} />}
      <div className="invoice-step-footer">
        <SelectionSummary orders={orders} />
        <div className="invoice-step-actions">
          <Typography.Text type="secondary">{t(`invoices:apply.expected.${type}`, { days: INVOICE_ISSUE_WORKING_DAYS[type] })}</Typography.Text>
          <Space wrap>
            <Button onClick={onBack} data-testid="invoice-back">
              {t('invoices:apply.back')}
            </Button>
            <Button type="primary" loading={submitting} disabled={!title || !recipient} onClick={onSubmit} data-testid="invoice-submit">
              {t('invoices:apply.submit')}
            </Button>
          </Space>
        </div>
      </div>
      <TitleFormDialog open={adding === 'title'} title={null} onClose={() => setAdding(null)} onSaved={(h) => onTitle(h.id)} />
      <RecipientFormDialog open={adding === 'recipient'} recipient={null} onClose={() => setAdding(null)} onSaved={(r) => onRecipient(r.id)} />
    </div>
  );
}

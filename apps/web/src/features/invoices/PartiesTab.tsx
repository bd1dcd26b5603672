import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { INVOICE_LIMITS } from '@rrp/contracts/constants';
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Popconfirm, Result, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../lib/UserText';
import { type TInvoiceTitle, type TRecipient, useDeleteRecipient, useDeleteTitle, useRecipients, useTitles } from './api';
import { RecipientFormDialog } from './RecipientFormDialog';
import { TitleFormDialog } from './TitleFormDialog';

type Editing<T> = { open: boolean; item: T | null };

/** One saved header or recipient: its name, the default tag, its fields, edit and delete. */
function PartyCard({
  name,
  isDefault,
  fields,
  testId,
  onEdit,
  onDelete,
  deleteTitle,
}: {
  name: string;
  isDefault: boolean;
  fields: { key: string; label: string; value: string }[];
  testId: string;
  onEdit: () => void;
  onDelete: () => Promise<void>;
  deleteTitle: string;
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      className="invoice-party"
      data-testid={testId}
      title={
        <Space size={6} wrap>
          <UserText className="break-all">{name}</UserText>
          {isDefault && <Tag color="blue">{t('invoices:parties.default')}</Tag>}
        </Space>
      }
      actions={[
        <Button
          key="edit"
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={onEdit}
          aria-label={`${t('invoices:parties.edit')} ${name}`}
          data-testid={`${testId}-edit`}
        >
          {t('invoices:parties.edit')}
        </Button>,
        <Popconfirm
          key="delete"
          title={deleteTitle}
          description={t('invoices:parties.deleteHint')}
          okText={t('invoices:parties.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common:action.cancel')}
          onConfirm={onDelete}
        >
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('invoices:parties.delete')} ${name}`}
            data-testid={`${testId}-delete`}
          >
            {t('invoices:parties.delete')}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Descriptions
        column={1}
        size="small"
        items={fields.map((f) => ({ key: f.key, label: f.label, children: f.value ? <UserText className="break-all">{f.value}</UserText> : '—' }))}
      />
    </Card>
  );
}

/** A list of saved items in a card: its add button, loading, failure and empty states. */
function PartySection<T>({
  title,
  testId,
  query,
  addLabel,
  onAdd,
  empty,
  render,
}: {
  title: string;
  testId: string;
  query: UseQueryResult<T[]>;
  addLabel: string;
  onAdd: () => void;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const list = query.data ?? [];
  const full = list.length >= INVOICE_LIMITS.savedMax;
  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (query.isError && !query.data)
    body = (
      <Result status="warning" title={t('invoices:loadFailed')} extra={<Button onClick={() => void query.refetch()}>{t('common:action.retry')}</Button>} />
    );
  else if (!list.length) body = <Empty description={empty} />;
  else body = <div className="invoice-party-grid">{list.map(render)}</div>;
  const headingId = `${testId}-heading`;
  return (
    <section className="invoice-section" data-testid={testId} aria-labelledby={headingId}>
      <div className="invoice-section-head">
        <Typography.Title level={5} id={headingId} className="invoice-section-title">
          {title}
        </Typography.Title>
        <Space size={8} wrap>
          {full && <Typography.Text type="secondary">{t('invoices:parties.limit', { max: INVOICE_LIMITS.savedMax })}</Typography.Text>}
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} disabled={full || query.isPending} data-testid={`${testId}-add`}>
            {addLabel}
          </Button>
        </Space>
      </div>
      {body}
    </section>
  );
}

/** Headers & recipients: the saved invoice headers and recipients, added, edited, deleted, one of each the default. */
export function PartiesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const titles = useTitles();
  const recipients = useRecipients();
  const deleteTitle = useDeleteTitle();
  const deleteRecipient = useDeleteRecipient();
  const [titleForm, setTitleForm] = useState<Editing<TInvoiceTitle>>({ open: false, item: null });
  const [recipientForm, setRecipientForm] = useState<Editing<TRecipient>>({ open: false, item: null });

  const remove = async (run: () => Promise<unknown>) => {
    try {
      await run();
      void message.success(t('invoices:parties.deleted'));
    } catch {
      /* the http client shows the server's message */
    }
  };
  const tf = (k: string) => t(`invoices:titleField.${k}`);
  const rf = (k: string) => t(`invoices:recipientField.${k}`);

  return (
    <div className="invoice-parties">
      <Typography.Paragraph type="secondary" className="invoice-note">
        {t('invoices:parties.intro')}
      </Typography.Paragraph>
      <PartySection
        title={t('invoices:parties.titles')}
        testId="invoice-titles"
        query={titles}
        addLabel={t('invoices:parties.addTitle')}
        onAdd={() => setTitleForm({ open: true, item: null })}
        empty={t('invoices:parties.emptyTitles')}
        render={(h) => (
          <PartyCard
            key={h.id}
            testId={`invoice-title-${h.id}`}
            name={h.title}
            isDefault={h.isDefault}
            deleteTitle={t('invoices:parties.deleteTitleConfirm')}
            onEdit={() => setTitleForm({ open: true, item: h })}
            onDelete={() => remove(() => deleteTitle.mutateAsync(h.id))}
            fields={[
              { key: 'taxpayerId', label: tf('taxpayerId'), value: h.taxpayerId },
              { key: 'bank', label: tf('bank'), value: h.bank },
              { key: 'bankAccount', label: tf('bankAccount'), value: h.bankAccount },
              { key: 'registeredAddress', label: tf('registeredAddress'), value: h.registeredAddress },
              { key: 'registeredPhone', label: tf('registeredPhone'), value: h.registeredPhone },
            ]}
          />
        )}
      />
      <PartySection
        title={t('invoices:parties.recipients')}
        testId="invoice-recipients"
        query={recipients}
        addLabel={t('invoices:parties.addRecipient')}
        onAdd={() => setRecipientForm({ open: true, item: null })}
        empty={t('invoices:parties.emptyRecipients')}
        render={(r) => (
          <PartyCard
            key={r.id}
            testId={`invoice-recipient-${r.id}`}
            name={r.name}
            isDefault={r.isDefault}
            deleteTitle={t('invoices:parties.deleteRecipientConfirm')}
            onEdit={() => setRecipientForm({ open: true, item: r })}
            onDelete={() => remove(() => deleteRecipient.mutateAsync(r.id))}
            fields={[
              { key: 'phone', label: rf('phone'), value: r.phone },
              { key: 'email', label: rf('email'), value: r.email },
              { key: 'address', label: rf('address'), value: r.address },
            ]}
          />
        )}
      />
      <TitleFormDialog open={titleForm.open} title={titleForm.item} onClose={() => setTitleForm((f) => ({ ...f, open: false }))} />
      <RecipientFormDialog open={recipientForm.open} recipient={recipientForm.item} onClose={() => setRecipientForm((f) => ({ ...f, open: false }))} />
    </div>
  );
}

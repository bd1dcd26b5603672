import { PlusOutlined } from '@ant-design/icons';
import { Button, Descriptions, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmButton } from '../../lib/DeleteConfirmButton';
import { formatUtc } from '../../lib/format';
import { QueryTable } from '../../lib/list';
import { toast } from '../../lib/toast';
import { UserText } from '../../lib/UserText';
import { type TWebhookWithSecret, useDeleteWebhook, useTestWebhook, useUpdateWebhook, useWebhooks } from './api';
import { SecretField } from './SecretField';
import { WebhookDialog } from './WebhookDialog';

/** The company's webhook endpoints: add, edit, send a test event, re-enable, delete; each with its signing secret. */
export function WebhooksPanel({ onShowDeliveries }: { onShowDeliveries: (endpointId: string) => void }) {
  const { t } = useTranslation();
  const hooks = useWebhooks();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const update = useUpdateWebhook();
  const [dialog, setDialog] = useState<{ editing: TWebhookWithSecret | null } | null>(null);

  const stateTag = (w: TWebhookWithSecret) => {
    if (!w.enabled) return <Tag color="red">{t(w.disabledReason === 'failing' ? 'developer:webhooks.disabledFailing' : 'developer:webhooks.disabled')}</Tag>;
    if (w.failingSince)
      return (
        <Tooltip title={t('developer:webhooks.failingSince', { since: formatUtc(w.failingSince, 'YYYY-MM-DD HH:mm') })}>
          <Tag color="orange">{t('developer:webhooks.failing')}</Tag>
        </Tooltip>
      );
    return <Tag color="green">{t('developer:webhooks.enabled')}</Tag>;
  };

  const columns: TableColumnsType<TWebhookWithSecret> = [
    {
      key: 'url',
      title: t('developer:webhooks.url'),
      dataIndex: 'url',
      render: (v: string, w) => (
        <div className="developer-url">
          <Typography.Text code ellipsis={{ tooltip: v }} translate="no">
            {v}
          </Typography.Text>
          {w.description && (
            <Typography.Text type="secondary" className="developer-small">
              <UserText>{w.description}</UserText>
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'events',
      title: t('developer:webhooks.events'),
      dataIndex: 'events',
      width: 120,
      render: (v: string[]) => (
        <Tooltip title={v.map((e) => t(`developer:events.${e}`)).join(', ')}>
          <Tag>{t('developer:webhooks.eventCount', { count: v.length })}</Tag>
        </Tooltip>
      ),
    },
    { key: 'state', title: t('developer:webhooks.state'), width: 130, render: (_v, w) => stateTag(w) },
    { key: 'createdAt', title: t('developer:webhooks.createdAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm') },
    {
      key: 'actions',
      title: t('developer:actions'),
      width: 330,
      render: (_v, w) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setDialog({ editing: w })} data-testid={`webhook-edit-${w.id}`}>
            {t('developer:webhooks.editShort')}
          </Button>
          <Button
            type="link"
            size="small"
            loading={test.isPending && test.variables === w.id}
            onClick={async () => {
              await test.mutateAsync(w.id);
              toast.success(t('developer:webhooks.testSent'));
              onShowDeliveries(w.id);
            }}
            data-testid={`webhook-test-${w.id}`}
          >
            {t('developer:webhooks.test')}
          </Button>
          {!w.enabled && (
            <Button
              type="link"
              size="small"
              onClick={async () => {
                await update.mutateAsync({ input: { id: w.id, enabled: true } });
                toast.success(t('developer:webhooks.reenabled'));
              }}
              data-testid={`webhook-enable-${w.id}`}
            >
              {t('developer:webhooks.enable')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => onShowDeliveries(w.id)} data-testid={`webhook-deliveries-${w.id}`}>
            {t('developer:webhooks.deliveries')}
          </Button>
          <DeleteConfirmButton
            title={t('developer:webhooks.deleteConfirm')}
            hint={t('developer:webhooks.deleteHint')}
            label={t('developer:webhooks.delete')}
            ariaLabel={`${t('developer:webhooks.delete')} ${w.url}`}
            testId={`webhook-delete-${w.id}`}
            okTestId={`webhook-delete-ok-${w.id}`}
            onConfirm={async () => {
              await remove.mutateAsync(w.id);
              toast.success(t('developer:webhooks.deleted'));
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="developer-panel" data-testid="developer-webhooks">
      <div className="developer-panel-head">
        <Typography.Paragraph type="secondary">{t('developer:webhooks.intro')}</Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })} data-testid="webhook-add">
          {t('developer:webhooks.add')}
        </Button>
      </div>
      <QueryTable<TWebhookWithSecret>
        list={hooks}
        loadFailed={t('common:systemError')}
        rowKey="id"
        data-testid="webhook-table"
        columns={columns}
        scroll={{ x: 'max-content' }}
        empty={t('developer:webhooks.empty')}
        expandable={{
          expandedRowRender: (w) => (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('developer:webhooks.secret')}>
                <SecretField value={w.secret} testId={`webhook-secret-${w.id}`} />
              </Descriptions.Item>
              <Descriptions.Item label={t('developer:webhooks.events')}>
                <span className="developer-tags">
                  {w.events.map((e) => (
                    <Tag key={e}>{t(`developer:events.${e}`)}</Tag>
                  ))}
                </span>
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
      />
      <WebhookDialog open={!!dialog} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} onAdded={() => undefined} />
    </div>
  );
}

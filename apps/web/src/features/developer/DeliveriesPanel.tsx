import { WEBHOOK_DELIVERY_STATES } from '@rrp/contracts/constants';
import { Button, Descriptions, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { PagedTable } from '../../lib/list';
import { toast } from '../../lib/toast';
import { type DeliveryFilter, type TWebhookDelivery, useDeliveries, useRedeliver, useWebhooks, type WebhookDeliveryState } from './api';

const STATE_COLOR: Record<WebhookDeliveryState, string> = { pending: 'blue', retrying: 'orange', succeeded: 'green', failed: 'red' };

/** Pretty-prints a JSON payload; anything else as it came. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The delivery log: each message to each endpoint, its attempts, status and answer; redeliver. */
export function DeliveriesPanel({ filter, onFilter }: { filter: DeliveryFilter; onFilter: (f: DeliveryFilter) => void }) {
  const { t } = useTranslation();
  const list = useDeliveries(filter);
  const hooks = useWebhooks();
  const redeliver = useRedeliver();

  const columns: TableColumnsType<TWebhookDelivery> = [
    { key: 'createdAt', title: t('developer:deliveries.createdAt'), dataIndex: 'createdAt', width: 160, render: (v: string) => formatUtc(v) },
    {
      key: 'event',
      title: t('developer:deliveries.event'),
      dataIndex: 'event',
      width: 180,
      render: (v: string) => t(`developer:events.${v}`, { defaultValue: v }),
    },
    {
      key: 'url',
      title: t('developer:webhooks.url'),
      dataIndex: 'url',
      render: (v: string) => (
        <Typography.Text code ellipsis={{ tooltip: v }} translate="no" className="developer-url-cell">
          {v}
        </Typography.Text>
      ),
    },
    {
      key: 'state',
      title: t('developer:deliveries.state'),
      dataIndex: 'state',
      width: 110,
      render: (v: WebhookDeliveryState) => <Tag color={STATE_COLOR[v]}>{t(`developer:deliveries.states.${v}`)}</Tag>,
    },
    { key: 'lastStatus', title: t('developer:deliveries.lastStatus'), dataIndex: 'lastStatus', width: 100, render: (v: number | null) => v ?? '—' },
    { key: 'attempts', title: t('developer:deliveries.attempts'), dataIndex: 'attempts', width: 90, align: 'right' },
    {
      key: 'next',
      title: t('developer:deliveries.nextAttempt'),
      dataIndex: 'nextAttemptAt',
      width: 160,
      render: (v: string | null, d) => (v && (d.state === 'pending' || d.state === 'retrying') ? formatUtc(v) : '—'),
    },
    {
      key: 'actions',
      title: t('developer:actions'),
      width: 110,
      render: (_v, d) => (
        <Button
          type="link"
          size="small"
          loading={redeliver.isPending && redeliver.variables === d.id}
          onClick={async () => {
            await redeliver.mutateAsync(d.id);
            toast.success(t('developer:deliveries.redelivered'));
          }}
          data-testid={`delivery-redeliver-${d.id}`}
        >
          {t('developer:deliveries.redeliver')}
        </Button>
      ),
    },
  ];

  return (
    <div className="developer-panel" data-testid="developer-deliveries">
      <Space wrap className="developer-filters">
        <Select
          allowClear
          className="developer-endpoint-select"
          aria-label={t('developer:deliveries.endpoint')}
          placeholder={t('developer:deliveries.allEndpoints')}
          value={filter.endpointId}
          onChange={(endpointId?: string) => onFilter({ ...filter, endpointId, pageNum: 1 })}
          options={(hooks.data ?? []).map((w) => ({ value: w.id, label: w.url }))}
          data-testid="delivery-endpoint"
        />
        <Select
          allowClear
          className="developer-state-select"
          aria-label={t('developer:deliveries.state')}
          placeholder={t('developer:deliveries.allStates')}
          value={filter.state}
          onChange={(state?: WebhookDeliveryState) => onFilter({ ...filter, state, pageNum: 1 })}
          options={WEBHOOK_DELIVERY_STATES.map((s) => ({ value: s, label: t(`developer:deliveries.states.${s}`) }))}
          data-testid="delivery-state"
        />
        <Button onClick={() => void list.refetch()} data-testid="delivery-refresh">
          {t('developer:deliveries.refresh')}
        </Button>
      </Space>
      <PagedTable<TWebhookDelivery>
        rowKey="id"
        data-testid="delivery-table"
        columns={columns}
        list={list}
        page={{ pageNum: filter.pageNum, pageSize: filter.pageSize }}
        setPage={({ pageNum }) => onFilter({ ...filter, pageNum })}
        pager={{ showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        loadFailed={t('common:systemError')}
        empty={t('developer:deliveries.empty')}
        expandable={{
          expandedRowRender: (d) => (
            <Descriptions column={1} size="small" className="developer-delivery-detail">
              <Descriptions.Item label="webhook-id">
                <Typography.Text code translate="no">
                  {d.messageId}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('developer:deliveries.lastAttempt')}>{d.lastAttemptAt ? formatUtc(d.lastAttemptAt) : '—'}</Descriptions.Item>
              <Descriptions.Item label={t('developer:deliveries.payload')}>
                <pre className="developer-pre" translate="no">
                  {pretty(d.payload)}
                </pre>
              </Descriptions.Item>
              <Descriptions.Item label={t('developer:deliveries.response')}>
                <pre className="developer-pre" translate="no">
                  {d.lastResponse ?? '—'}
                </pre>
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
      />
    </div>
  );
}

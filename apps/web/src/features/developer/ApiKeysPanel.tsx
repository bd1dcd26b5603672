import { PlusOutlined } from '@ant-design/icons';
import { API_RATE_LIMITS } from '@rrp/contracts/constants';
import { Button, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmButton } from '../../lib/DeleteConfirmButton';
import { formatUtc } from '../../lib/format';
import { QueryTable } from '../../lib/list';
import { toast } from '../../lib/toast';
import { UserText } from '../../lib/UserText';
import { ApiKeyDialog } from './ApiKeyDialog';
import { type TApiKey, useApiKeys, useRevokeApiKey } from './api';
import { CopyText } from './SecretField';
import { SecretOnceModal } from './SecretOnceModal';

const STATE_COLOR: Record<TApiKey['state'], string> = { active: 'green', expired: 'default', revoked: 'red' };

/** The company's API keys: create (secret shown once), list with last use, revoke. */
export function ApiKeysPanel() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ keyId: string; secret: string; name: string } | null>(null);
  const n = new Intl.NumberFormat();

  const columns: TableColumnsType<TApiKey> = [
    { key: 'name', title: t('developer:apiKeys.name'), dataIndex: 'name', width: 160, render: (v: string) => <UserText>{v}</UserText> },
    { key: 'keyId', title: t('developer:apiKeys.keyId'), dataIndex: 'keyId', width: 260, render: (v: string) => <CopyText value={v} /> },
    {
      key: 'permissions',
      title: t('developer:apiKeys.permissions'),
      dataIndex: 'permissions',
      render: (v: string[]) => (
        <span className="developer-tags">
          {v.map((c) => (
            <Tag key={c}>{t(`members:permission.${c}`, { defaultValue: c })}</Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('developer:apiKeys.state'),
      dataIndex: 'state',
      width: 100,
      render: (v: TApiKey['state']) => <Tag color={STATE_COLOR[v]}>{t(`developer:apiKeys.states.${v}`)}</Tag>,
    },
    {
      key: 'limits',
      title: t('developer:apiKeys.restrictions'),
      width: 200,
      render: (_v, k) => (
        <Typography.Text type="secondary" className="developer-small">
          {k.expiresAt ? t('developer:apiKeys.expiresOn', { date: formatUtc(k.expiresAt, 'YYYY-MM-DD') }) : t('developer:apiKeys.noExpiry')}
          <br />
          {k.ipAllowList.length ? (
            <Tooltip title={<span translate="no">{k.ipAllowList.join(', ')}</span>}>
              <span>{t('developer:apiKeys.ipCount', { count: k.ipAllowList.length })}</span>
            </Tooltip>
          ) : (
            t('developer:apiKeys.anyIp')
          )}
        </Typography.Text>
      ),
    },
    { key: 'createdBy', title: t('developer:apiKeys.createdBy'), dataIndex: 'createdBy', width: 130, render: (v: string) => <UserText>{v}</UserText> },
    { key: 'createdAt', title: t('developer:apiKeys.createdAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm') },
    {
      key: 'lastUsedAt',
      title: t('developer:apiKeys.lastUsedAt'),
      dataIndex: 'lastUsedAt',
      width: 150,
      render: (v: string | null) => (v ? formatUtc(v, 'YYYY-MM-DD HH:mm') : t('developer:apiKeys.neverUsed')),
    },
    {
      key: 'actions',
      title: t('developer:actions'),
      width: 110,
      fixed: 'right',
      render: (_v, k) =>
        k.state === 'revoked' ? null : (
          <DeleteConfirmButton
            title={t('developer:apiKeys.revokeConfirm')}
            hint={t('developer:apiKeys.revokeHint')}
            label={t('developer:apiKeys.revoke')}
            ariaLabel={`${t('developer:apiKeys.revoke')} ${k.name}`}
            testId={`api-key-revoke-${k.keyId}`}
            okTestId={`api-key-revoke-ok-${k.keyId}`}
            onConfirm={async () => {
              await revoke.mutateAsync(k.keyId);
              toast.success(t('developer:apiKeys.revoked'));
            }}
          />
        ),
    },
  ];

  return (
    <div className="developer-panel" data-testid="developer-api-keys">
      <div className="developer-panel-head">
        <Typography.Paragraph type="secondary">
          {t('developer:apiKeys.intro', {
            perKey: n.format(API_RATE_LIMITS.perKeyPerSecond),
            perDay: n.format(API_RATE_LIMITS.perKeyPerDay),
            perCompany: n.format(API_RATE_LIMITS.perCompanyPerSecond),
          })}
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="api-key-create">
          {t('developer:apiKeys.create')}
        </Button>
      </div>
      <QueryTable<TApiKey>
        list={keys}
        loadFailed={t('common:systemError')}
        rowKey="keyId"
        data-testid="api-key-table"
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        empty={t('developer:apiKeys.empty')}
      />
      <ApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(r) => {
          setCreating(false);
          setCreated(r);
        }}
      />
      <SecretOnceModal created={created} onClose={() => setCreated(null)} />
    </div>
  );
}

import { DEVELOPER_LIMITS } from '@rrp/contracts/constants';
import { Button, Popconfirm, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { QueryTable } from '../../lib/list';
import { toast } from '../../lib/toast';
import { type TCallbackKey, useCallbackKeys, useRotateCallbackKey } from './api';
import { CopyText } from './SecretField';

/** The public keys that verify the platform's callback signatures (`v1a`), and their rotation. */
export function CallbackKeysPanel() {
  const { t } = useTranslation();
  const keys = useCallbackKeys();
  const rotate = useRotateCallbackKey();

  const columns: TableColumnsType<TCallbackKey> = [
    { key: 'keyId', title: t('developer:callbackKeys.keyId'), dataIndex: 'keyId', width: 220, render: (v: string) => <CopyText value={v} /> },
    {
      key: 'publicKey',
      title: t('developer:callbackKeys.publicKey'),
      dataIndex: 'publicKey',
      render: (v: string, k) => (
        <div className="developer-url">
          <CopyText value={v} ellipsis testId={`callback-key-${k.keyId}`} />
          <Typography.Text
            type="secondary"
            className="developer-small"
            copyable={{ text: k.publicKeyPem, tooltips: [t('developer:copyPem'), t('developer:copied')] }}
          >
            {t('developer:callbackKeys.pem')}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'state',
      title: t('developer:callbackKeys.state'),
      dataIndex: 'state',
      width: 190,
      render: (v: TCallbackKey['state'], k) =>
        v === 'current' ? (
          <Tag color="green">{t('developer:callbackKeys.current')}</Tag>
        ) : (
          <Tag>{t('developer:callbackKeys.retires', { at: k.retiresAt ? formatUtc(k.retiresAt, 'YYYY-MM-DD HH:mm') : '—' })}</Tag>
        ),
    },
    {
      key: 'createdAt',
      title: t('developer:callbackKeys.createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm'),
    },
  ];

  return (
    <div className="developer-panel" data-testid="developer-callback-keys">
      <div className="developer-panel-head">
        <Typography.Paragraph type="secondary">{t('developer:callbackKeys.intro', { hours: DEVELOPER_LIMITS.callbackKeyGraceHours })}</Typography.Paragraph>
        <Popconfirm
          title={t('developer:callbackKeys.rotateConfirm')}
          description={t('developer:callbackKeys.rotateHint', { hours: DEVELOPER_LIMITS.callbackKeyGraceHours })}
          okText={t('developer:callbackKeys.rotate')}
          cancelText={t('common:action.cancel')}
          okButtonProps={{ 'data-testid': 'callback-key-rotate-ok' } as never}
          onConfirm={async () => {
            await rotate.mutateAsync(undefined);
            toast.success(t('developer:callbackKeys.rotated'));
          }}
        >
          <Button loading={rotate.isPending} data-testid="callback-key-rotate">
            {t('developer:callbackKeys.rotate')}
          </Button>
        </Popconfirm>
      </div>
      <QueryTable<TCallbackKey>
        list={keys}
        loadFailed={t('common:systemError')}
        rowKey="keyId"
        data-testid="callback-key-table"
        columns={columns}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}

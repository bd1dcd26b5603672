import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, type TableColumnsType, Tag, Typography } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { type ClientError, clearClientErrors, getClientErrors, subscribeClientErrors } from '../../lib/errorLog';
import { RowsTable } from '../../lib/list';

const TYPE_COLOR: Record<ClientError['type'], string> = { error: 'red', unhandledrejection: 'volcano', react: 'magenta', api: 'orange' };

export default function ErrorLoggerPage() {
  const { t } = useTranslation();
  const entries = useSyncExternalStore(subscribeClientErrors, getClientErrors, getClientErrors);

  const columns: TableColumnsType<ClientError> = [
    {
      title: t('errors:logger.time'),
      dataIndex: 'time',
      width: 190,
      render: (v: number) => dayjs(v).utc().format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('errors:logger.type'),
      dataIndex: 'type',
      width: 170,
      render: (v: ClientError['type']) => <Tag color={TYPE_COLOR[v]}>{t(`errors:logger.types.${v}`)}</Tag>,
    },
    {
      title: t('errors:logger.message'),
      dataIndex: 'message',
      render: (v: string) => <Typography.Text className="break-all">{v}</Typography.Text>,
    },
    {
      title: t('errors:logger.url'),
      dataIndex: 'url',
      width: 240,
      render: (v: string) => (
        <Typography.Text type="secondary" className="break-all">
          {v}
        </Typography.Text>
      ),
    },
  ];

  return (
    <Card
      title={t('errors:logger.title')}
      extra={
        <Popconfirm
          title={t('errors:logger.clearConfirm')}
          okText={t('common:action.ok')}
          cancelText={t('common:action.cancel')}
          onConfirm={clearClientErrors}
          disabled={!entries.length}
        >
          <Button icon={<DeleteOutlined />} disabled={!entries.length} data-testid="error-logger-clear">
            {t('errors:logger.clear')}
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary">{t('errors:logger.intro')}</Typography.Paragraph>
      <RowsTable<ClientError>
        rowKey="id"
        size="middle"
        columns={columns}
        rows={entries}
        locale={{ emptyText: <Empty description={t('errors:logger.empty')} /> }}
        scroll={{ x: 800 }}
      />
    </Card>
  );
}

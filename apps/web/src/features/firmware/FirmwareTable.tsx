import { DownloadOutlined } from '@ant-design/icons';
import type { TFirmware } from '@rrp/contracts';
import { Button, Input, Result, Select, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { QueryTable } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { downloadFirmware, useFirmwareList } from './api';

/** A file size in the unit that reads best (B, KB, MB). */
export function formatFileSize(bytes: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${n.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${n.format(bytes / 1024)} KB`;
  return `${n.format(bytes / (1024 * 1024))} MB`;
}

type Props = {
  scope: 'member' | 'ops';
  /** extra cells at the end of each row (the back office's withdraw button) */
  actions?: (f: TFirmware) => ReactNode;
};

/** Published module firmware: model, version, release notes, size, checksum, downloads. */
export function FirmwareTable({ scope, actions }: Props) {
  const { t, i18n } = useTranslation();
  const [moduleModel, setModuleModel] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const all = useFirmwareList(scope);
  const list = useFirmwareList(scope, { moduleModel, keyword: keyword || undefined });
  const models = useMemo(() => [...new Set((all.data ?? []).map((f) => f.moduleModel))].sort(), [all.data]);
  const [busy, setBusy] = useState<string | null>(null);

  const columns: TableColumnsType<TFirmware> = [
    { key: 'model', title: t('firmware:column.moduleModel'), dataIndex: 'moduleModel', width: 120, render: (v: string) => <UserText>{v}</UserText> },
    { key: 'version', title: t('firmware:column.version'), dataIndex: 'version', width: 110, render: (v: string) => <UserText>{v}</UserText> },
    {
      key: 'notes',
      title: t('firmware:column.releaseNotes'),
      dataIndex: 'releaseNotes',
      render: (v: string) => (
        <Typography.Paragraph className="firmware-notes" ellipsis={{ rows: 2, tooltip: <UserText>{v}</UserText> }}>
          <UserText>{v}</UserText>
        </Typography.Paragraph>
      ),
    },
    { key: 'size', title: t('firmware:column.size'), dataIndex: 'size', width: 100, align: 'right', render: (v: number) => formatFileSize(v, i18n.language) },
    {
      key: 'sha256',
      title: t('firmware:column.sha256'),
      dataIndex: 'sha256',
      width: 150,
      render: (v: string) => (
        <Tooltip title={<code translate="no">{v}</code>}>
          <Typography.Text code copyable={{ text: v, tooltips: [t('firmware:copy'), t('firmware:copied')] }} translate="no">
            {`${v.slice(0, 12)}…`}
          </Typography.Text>
        </Tooltip>
      ),
    },
    {
      key: 'publishedAt',
      title: t('firmware:column.publishedAt'),
      dataIndex: 'publishedAt',
      width: 160,
      render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm'),
    },
    { key: 'downloads', title: t('firmware:column.downloads'), dataIndex: 'downloads', width: 100, align: 'right' },
    {
      key: 'actions',
      title: t('firmware:column.actions'),
      width: scope === 'ops' ? 200 : 130,
      render: (_v, f) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={busy === f.id}
            data-testid={`firmware-download-${f.id}`}
            onClick={async () => {
              setBusy(f.id);
              try {
                await downloadFirmware(f.id, f.fileName);
                void list.refetch();
              } catch {
                /* shown by the http client */
              } finally {
                setBusy(null);
              }
            }}
          >
            {t('firmware:download')}
          </Button>
          {actions?.(f)}
        </Space>
      ),
    },
  ];

  if (list.isError && !list.data)
    return <Result status="warning" title={t('common:systemError')} extra={<Button onClick={() => void list.refetch()}>{t('common:action.retry')}</Button>} />;

  return (
    <>
      <Space wrap className="firmware-filters">
        <Select
          allowClear
          aria-label={t('firmware:column.moduleModel')}
          placeholder={t('firmware:filter.allModels')}
          className="firmware-model-select"
          value={moduleModel}
          onChange={setModuleModel}
          options={models.map((m) => ({ value: m, label: m }))}
        />
        <Input.Search
          allowClear
          aria-label={t('firmware:filter.keyword')}
          placeholder={t('firmware:filter.keyword')}
          onSearch={(v) => setKeyword(v.trim())}
          className="firmware-keyword"
        />
      </Space>
      <QueryTable<TFirmware>
        rowKey="id"
        data-testid="firmware-table"
        columns={columns}
        list={list}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        loadFailed={t('common:systemError')}
        empty={t('firmware:empty')}
      />
    </>
  );
}

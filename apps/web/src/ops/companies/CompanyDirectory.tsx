import type { TOpsCompanyRow } from '@rrp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { CompanyDetailDrawer } from './CompanyDetailDrawer';

/** Every customer company, searched by name; a drawer shows one with its tree, members, certification and stock. */
export default function CompanyDirectory() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [openId, setOpenId] = useState<string | null>(null);
  const body = { keyword: keyword || undefined, ...page };
  const list = useQuery({ queryKey: ['ops', 'companies', body], queryFn: () => api('POST /ops/company/list', body), placeholderData: keepPreviousData });

  const columns: ColumnsType<TOpsCompanyRow> = [
    {
      title: t('ops:company.name'),
      dataIndex: 'name',
      render: (name: string, r) => (
        <Typography.Link onClick={() => setOpenId(r.id)} style={{ wordBreak: 'break-all' }}>
          <UserText>{name}</UserText>
        </Typography.Link>
      ),
    },
    { title: t('ops:company.parent'), dataIndex: 'parentName', render: (v: string | null) => (v ? <UserText>{v}</UserText> : '—'), responsive: ['lg'] },
    { title: t('ops:company.certification'), dataIndex: 'certification', render: (c: string) => <Tag>{t(`ops:cert.state.${c}`)}</Tag> },
    {
      title: t('ops:company.state'),
      dataIndex: 'state',
      render: (s: string) => <Tag color={s === 'enabled' ? 'green' : 'default'}>{t(`company:state.${s}`)}</Tag>,
    },
    { title: t('ops:company.members'), dataIndex: 'members', responsive: ['md'] },
    { title: t('ops:company.devices'), dataIndex: 'devices', responsive: ['md'] },
    { title: t('ops:company.licenses'), dataIndex: 'licenseStock', responsive: ['md'] },
    { title: t('ops:company.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatUtc(v, 'YYYY-MM-DD'), responsive: ['xl'] },
  ];

  return (
    <Card variant="borderless" title={t('ops:menu.companies')}>
      <Input.Search
        allowClear
        placeholder={t('ops:searchCompany')}
        aria-label={t('ops:searchCompany')}
        onSearch={(v) => (setKeyword(v.trim()), setPage({ ...page, pageNum: 1 }))}
        style={{ maxWidth: 320, marginBottom: 16 }}
        data-testid="ops-company-search"
      />
      <Table<TOpsCompanyRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common:systemError') : t('ops:company.empty') }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (n) => t('ops:total', { count: n }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
      <CompanyDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

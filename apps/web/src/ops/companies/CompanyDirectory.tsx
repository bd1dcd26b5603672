import type { TOpsCompanyRow } from '@rrp/contracts';
import { Card, Input, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { PAGE_SIZES, PagedTable, textField, type UrlFields, useListUrl } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { useOpsCompanyList } from './api';
import { CompanyDetailDrawer } from './CompanyDetailDrawer';

const FIELDS: UrlFields<{ keyword?: string }> = { keyword: textField(50) };

/** Every customer company, searched by name; a drawer shows one with its tree, members, certification and stock. */
export default function CompanyDirectory() {
  const { t } = useTranslation();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES, defaultSize: 20 });
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useOpsCompanyList({ keyword: filters.keyword, ...page });

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
        defaultValue={filters.keyword}
        onSearch={(v) => setFilters({ keyword: v.trim() || undefined })}
        style={{ maxWidth: 320, marginBottom: 16 }}
        data-testid="ops-company-search"
      />
      <PagedTable<TOpsCompanyRow>
        rowKey="id"
        columns={columns}
        list={list}
        page={page}
        setPage={setPage}
        scroll={{ x: 'max-content' }}
        empty={t('ops:company.empty')}
        totalText={(n) => t('ops:total', { count: n })}
      />
      <CompanyDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

import type { TOpsCertificationRow } from '@rrp/contracts';
import { Badge, Button, Card, Input, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { oneOfField, PAGE_SIZES, PagedTable, textField, type UrlFields, useListUrl } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { useCertificationList } from './api';
import { CertificationDrawer } from './CertificationDrawer';

type Tab = 'review' | 'verified' | 'rejected';

const FIELDS: UrlFields<{ state: Tab; keyword?: string }> = { state: oneOfField(['review', 'verified', 'rejected'], 'review'), keyword: textField(50) };

/** Certification submissions by state, the count of each, and a drawer to review one. */
export default function CertificationQueue() {
  const { t } = useTranslation();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES, defaultSize: 20 });
  const { state, keyword } = filters;
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useCertificationList({ state, keyword, ...page });
  const counts = list.data?.counts;

  const columns: ColumnsType<TOpsCertificationRow> = [
    {
      title: t('ops:cert.company'),
      dataIndex: 'companyName',
      render: (name: string, r) => (
        <Typography.Link onClick={() => setOpenId(r.id)} style={{ wordBreak: 'break-all' }} data-testid="ops-cert-row">
          <UserText>{name}</UserText>
        </Typography.Link>
      ),
    },
    // what the customer typed: shown as written, in whatever language (translate="no")
    { title: t('ops:cert.licenseNo'), dataIndex: 'licenseNo', responsive: ['md'], render: (v: string) => <UserText>{v}</UserText> },
    {
      title: t('ops:cert.contact'),
      dataIndex: 'contactName',
      render: (n: string, r) => <UserText>{`${n} · ${r.contactPhone}`}</UserText>,
      responsive: ['lg'],
    },
    { title: t('ops:cert.submittedAt'), dataIndex: 'submittedAt', render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm') },
    {
      title: t('ops:actions'),
      key: 'actions',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          {r.state === 'review' ? t('ops:cert.review') : t('ops:cert.view')}
        </Button>
      ),
    },
  ];
  const tab = (key: Tab) => ({
    key,
    label: (
      <Space size={6}>
        {t(`ops:cert.state.${key}`)}
        <Badge count={counts?.[key] ?? 0} showZero color={key === 'review' ? '#1677ff' : '#bfbfbf'} overflowCount={9999} />
      </Space>
    ),
  });

  return (
    <Card variant="borderless" title={t('ops:menu.certifications')}>
      <Tabs activeKey={state} onChange={(k) => setFilters({ ...filters, state: k as Tab })} items={[tab('review'), tab('verified'), tab('rejected')]} />
      <Input.Search
        allowClear
        placeholder={t('ops:searchCompany')}
        aria-label={t('ops:searchCompany')}
        defaultValue={keyword}
        onSearch={(v) => setFilters({ ...filters, keyword: v.trim() || undefined })}
        style={{ maxWidth: 320, marginBottom: 16 }}
      />
      <PagedTable<TOpsCertificationRow>
        rowKey="id"
        columns={columns}
        list={list}
        page={page}
        setPage={setPage}
        scroll={{ x: 'max-content' }}
        empty={t(`ops:cert.empty.${state}`)}
        totalText={(n) => t('ops:total', { count: n })}
      />
      <CertificationDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

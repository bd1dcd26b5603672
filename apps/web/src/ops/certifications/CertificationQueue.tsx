import type { TOpsCertificationRow } from '@rrp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Input, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { CertificationDrawer } from './CertificationDrawer';

type Tab = 'review' | 'verified' | 'rejected';

/** Certification submissions by state, the count of each, and a drawer to review one. */
export default function CertificationQueue() {
  const { t } = useTranslation();
  const [state, setState] = useState<Tab>('review');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [openId, setOpenId] = useState<string | null>(null);
  const body = { state, keyword: keyword || undefined, ...page };
  const list = useQuery({
    queryKey: ['ops', 'certifications', body],
    queryFn: () => api('POST /ops/certification/list', body),
    placeholderData: keepPreviousData,
  });
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
      <Tabs
        activeKey={state}
        onChange={(k) => (setState(k as Tab), setPage({ ...page, pageNum: 1 }))}
        items={[tab('review'), tab('verified'), tab('rejected')]}
      />
      <Input.Search
        allowClear
        placeholder={t('ops:searchCompany')}
        aria-label={t('ops:searchCompany')}
        onSearch={(v) => (setKeyword(v.trim()), setPage({ ...page, pageNum: 1 }))}
        style={{ maxWidth: 320, marginBottom: 16 }}
      />
      <Table<TOpsCertificationRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common:systemError') : t(`ops:cert.empty.${state}`) }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (n) => t('ops:total', { count: n }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
      <CertificationDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

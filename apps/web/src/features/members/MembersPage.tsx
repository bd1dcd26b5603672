import { PlusOutlined } from '@ant-design/icons';
import type { TMemberRow } from '@rrp/contracts';
import { MEMBER_STATES } from '@rrp/contracts/constants';
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { FilterBar, idField, oneOfField, PAGE_SIZES, PagedTable, textField, type UrlFields, useListUrl } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { type MemberFilters, useMemberChange, useMembers, useRoleOptions } from './api';
import { MemberDrawer } from './MemberDrawer';
import { MemberForm } from './MemberForm';
import { MemberStateTag } from './MemberState';

type Filters = Omit<MemberFilters, 'pageNum' | 'pageSize'>;

const FIELDS: UrlFields<Filters> = {
  name: textField(20),
  phone: textField(20),
  mail: textField(64),
  roleId: idField('role'),
  state: oneOfField(MEMBER_STATES),
};

/** The company's members: filters, paging, add (by invitation), edit, enable/disable, re-invite, delete. */
export default function MembersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES });
  const list = useMembers({ ...filters, ...page });
  const roles = useRoleOptions();
  const setState = useMemberChange('POST /rrp/user/update');
  const remove = useMemberChange('POST /rrp/user/delete');
  const reinvite = useMemberChange('POST /rrp/user/reInvite');
  const [editing, setEditing] = useState<TMemberRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [detailId, setDetailId] = useState<string | null>(null);

  const run = async (p: Promise<unknown>, done: string) => {
    try {
      await p;
      void message.success(done);
    } catch {
      /* shown by the http client */
    }
  };

  const search = (v: Filters) => {
    const clean = Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined && String(x).trim() !== '')
        .map(([k, x]) => [k, String(x).trim()]),
    );
    setFilters(clean as Filters);
  };

  const columns: ColumnsType<TMemberRow> = [
    {
      title: t('members:field.name'),
      dataIndex: 'name',
      render: (name: string, r) => (
        <Space size={4} wrap>
          <Typography.Link onClick={() => setDetailId(r.id)} style={{ wordBreak: 'break-all' }}>
            <UserText>{name}</UserText>
          </Typography.Link>
          {r.isSelf && <Tag>{t('members:list.you')}</Tag>}
        </Space>
      ),
    },
    { title: t('members:field.phone'), dataIndex: 'phone', responsive: ['md'] },
    { title: t('members:field.mail'), dataIndex: 'mail', ellipsis: true, responsive: ['md'] },
    {
      title: t('members:field.roles'),
      dataIndex: 'roles',
      render: (rs: TMemberRow['roles']) => (
        <Space wrap size={4}>
          {rs.map((r) => (
            <Tag key={r.id}>
              <UserText>{r.name}</UserText>
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('members:field.state'), dataIndex: 'state', render: (s: TMemberRow['state']) => <MemberStateTag state={s} /> },
    { title: t('members:field.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm'), responsive: ['lg'] },
    {
      title: t('members:list.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => (setEditing(r), setFormOpen(true))} data-testid={`member-edit-${r.mail}`}>
            {t('members:action.edit')}
          </Button>
          {r.state === 'pending' && (
            <Button type="link" size="small" onClick={() => void run(reinvite.mutateAsync({ id: r.id }), t('members:done.reinvited'))}>
              {t('members:action.reinvite')}
            </Button>
          )}
          {!r.isSelf && r.state !== 'pending' && (
            <Popconfirm
              title={r.state === 'enabled' ? t('members:confirm.disable') : t('members:confirm.enable')}
              description={r.state === 'enabled' ? t('members:confirm.disableHint') : undefined}
              okText={t('common:action.ok')}
              cancelText={t('common:action.cancel')}
              onConfirm={() =>
                run(
                  setState.mutateAsync({ id: r.id, state: r.state === 'enabled' ? 'disabled' : 'enabled' }),
                  r.state === 'enabled' ? t('members:done.disabled') : t('members:done.enabled'),
                )
              }
            >
              <Button type="link" size="small">
                {r.state === 'enabled' ? t('members:action.disable') : t('members:action.enable')}
              </Button>
            </Popconfirm>
          )}
          {!r.isSelf && (
            <Popconfirm
              title={t('members:confirm.delete', { name: r.name })}
              okText={t('common:action.ok')}
              okButtonProps={{ danger: true }}
              cancelText={t('common:action.cancel')}
              onConfirm={() => run(remove.mutateAsync({ id: r.id }), t('members:done.deleted'))}
            >
              <Button type="link" size="small" danger>
                {t('members:action.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title={t('members:list.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(null), setFormOpen(true))} data-testid="member-add">
          {t('members:action.add')}
        </Button>
      }
    >
      <FilterBar<Filters> prefix="member" values={filters} onApply={search} searchText={t('members:action.search')} resetText={t('members:action.reset')}>
        <Form.Item name="name" label={t('members:field.name')}>
          <Input allowClear maxLength={20} />
        </Form.Item>
        <Form.Item name="phone" label={t('members:field.phone')}>
          <Input allowClear maxLength={20} />
        </Form.Item>
        <Form.Item name="mail" label={t('members:field.mail')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="roleId" label={t('members:field.role')}>
          <Select allowClear aria-label={t('members:field.role')} options={(roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
        <Form.Item name="state" label={t('members:field.state')}>
          <Select allowClear aria-label={t('members:field.state')} options={MEMBER_STATES.map((s) => ({ value: s, label: t(`members:state.${s}`) }))} />
        </Form.Item>
      </FilterBar>
      <PagedTable<TMemberRow>
        rowKey="id"
        columns={columns}
        list={list}
        page={page}
        setPage={setPage}
        scroll={{ x: 'max-content' }}
        loadFailed={t('common:systemError')}
        empty={t('members:list.empty')}
        totalText={(n) => t('members:list.total', { count: n })}
      />
      <MemberForm
        member={editing}
        open={formOpen}
        onClose={(saved) => (setFormOpen(false), saved && void message.success(editing ? t('members:done.saved') : t('members:done.invited')))}
      />
      <MemberDrawer id={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}

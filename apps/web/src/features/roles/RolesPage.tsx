import { PlusOutlined } from '@ant-design/icons';
import type { TRoleRow } from '@rrp/contracts';
import { App, Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { PAGE_SIZES, PagedTable, useListUrl } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { useRoleChange, useRoles } from './api';
import { RoleForm } from './RoleForm';

const NO_FILTERS = {};

/** The company's roles: the codes each grants, who holds them; create, edit, delete. */
export default function RolesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { page, setPage } = useListUrl({ fields: NO_FILTERS, pageSizes: PAGE_SIZES });
  const list = useRoles(page);
  const remove = useRoleChange('POST /rrp/role/delete');
  const [editing, setEditing] = useState<TRoleRow | null>(null);
  const [open, setOpen] = useState(false);

  const columns: ColumnsType<TRoleRow> = [
    {
      title: t('members:role.name'),
      dataIndex: 'name',
      render: (name: string, r) => (
        <Space size={4} wrap>
          <Typography.Text style={{ wordBreak: 'break-all' }}>
            <UserText>{name}</UserText>
          </Typography.Text>
          {r.isSuper && <Tag color="gold">{t('members:role.super')}</Tag>}
        </Space>
      ),
    },
    { title: t('members:role.codes'), dataIndex: 'permissions', render: (p: string[]) => t('members:role.codeCount', { count: p.length }) },
    { title: t('members:role.members'), dataIndex: 'memberCount' },
    { title: t('members:field.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm'), responsive: ['md'] },
    {
      title: t('members:list.actions'),
      key: 'actions',
      render: (_, r) =>
        r.isSuper ? (
          <Typography.Text type="secondary">{t('members:role.superLocked')}</Typography.Text>
        ) : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => (setEditing(r), setOpen(true))}>
              {t('members:action.edit')}
            </Button>
            <Popconfirm
              title={t('members:confirm.deleteRole', { name: r.name })}
              okText={t('common:action.ok')}
              okButtonProps={{ danger: true }}
              cancelText={t('common:action.cancel')}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync({ id: r.id });
                  void message.success(t('members:done.roleDeleted'));
                } catch {
                  /* the server names who holds it */
                }
              }}
            >
              <Button type="link" size="small" danger>
                {t('members:action.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title={t('members:role.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(null), setOpen(true))} data-testid="role-add">
          {t('members:role.add')}
        </Button>
      }
    >
      <PagedTable<TRoleRow>
        rowKey="id"
        columns={columns}
        list={list}
        page={page}
        setPage={setPage}
        scroll={{ x: 'max-content' }}
        loadFailed={t('common:systemError')}
        empty={t('members:role.empty')}
        totalText={(n) => t('members:list.total', { count: n })}
      />
      <RoleForm role={editing} open={open} onClose={(saved) => (setOpen(false), saved && void message.success(t('members:done.roleSaved')))} />
    </Card>
  );
}

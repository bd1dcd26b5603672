import { PlusOutlined } from '@ant-design/icons';
import type { TCompanyNode } from '@rrp/contracts';
import { LIMITS } from '@rrp/contracts/constants';
import { App, Button, Card, Col, Empty, Popconfirm, Result, Row, Skeleton, Space, Table, Tag, Tree, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../lib/UserText';
import { useCountries } from '../account/api';
import { AdminInviteForm } from './AdminInviteForm';
import { useCompanyChange, useCompanyTree } from './api';
import { CompanyDashboard } from './CompanyDashboard';
import { CompanyForm } from './CompanyForm';

const flatten = (n: TCompanyNode): TCompanyNode[] => [n, ...n.children.flatMap(flatten)];
type TreeItem = { key: string; title: string; children: TreeItem[] };
const toTree = (n: TCompanyNode): TreeItem => ({ key: n.id, title: n.name, children: n.children.map(toTree) });

/** The caller's company and its sub-companies: a tree, a list, a dashboard per company; create, edit, disable, invite an administrator. */
export default function CompanyPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const tree = useCompanyTree();
  const countries = useCountries();
  const setState = useCompanyChange('POST /rrp/company/state');
  const [selected, setSelected] = useState<string | null>(null);
  const [form, setForm] = useState<{ company: TCompanyNode | null; parent: TCompanyNode | null } | null>(null);
  const [inviting, setInviting] = useState<TCompanyNode | null>(null);

  const root = tree.data?.tree ?? null;
  const rows = useMemo(() => (root ? flatten(root) : []), [root]);
  const current = selected ?? root?.id ?? null;
  const countryName = (code: string) => {
    const c = countries.data?.find((x) => x.code === code);
    return c ? (i18n.language === 'en' ? c.nameEn : c.nameZh) : code;
  };

  const columns: ColumnsType<TCompanyNode> = [
    {
      title: t('company:field.name'),
      dataIndex: 'name',
      render: (name: string, r) => (
        <Typography.Link onClick={() => setSelected(r.id)} style={{ wordBreak: 'break-all', paddingLeft: r.depth * 16 }}>
          <UserText>{name}</UserText>
        </Typography.Link>
      ),
    },
    { title: t('company:field.country'), dataIndex: 'country', render: countryName, responsive: ['md'] },
    {
      title: t('company:field.billing'),
      dataIndex: 'billing',
      render: (b: TCompanyNode['billing']) => <Tag color={b === 'independent' ? 'green' : 'gold'}>{t(`company:billing.${b}`)}</Tag>,
    },
    {
      title: t('company:field.state'),
      dataIndex: 'state',
      render: (s: TCompanyNode['state']) => <Tag color={s === 'enabled' ? 'green' : 'default'}>{t(`company:state.${s}`)}</Tag>,
    },
    { title: t('company:field.members'), dataIndex: 'members', responsive: ['lg'] },
    { title: t('company:field.devices'), dataIndex: 'devices', responsive: ['lg'] },
    {
      title: t('company:field.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={0} wrap>
          {r.depth < LIMITS.companyDepthMax && r.state === 'enabled' && (
            <Button type="link" size="small" onClick={() => setForm({ company: null, parent: r })} data-testid={`company-add-under-${r.depth}`}>
              {t('company:action.addSub')}
            </Button>
          )}
          {r.depth > 0 && (
            <>
              <Button type="link" size="small" onClick={() => setForm({ company: r, parent: null })}>
                {t('company:action.edit')}
              </Button>
              <Button type="link" size="small" onClick={() => setInviting(r)}>
                {t('company:action.inviteAdmin')}
              </Button>
              <Popconfirm
                title={r.state === 'enabled' ? t('company:confirm.disable', { name: r.name }) : t('company:confirm.enable', { name: r.name })}
                description={r.state === 'enabled' ? t('company:confirm.disableHint') : undefined}
                okText={t('common:action.ok')}
                cancelText={t('common:action.cancel')}
                onConfirm={async () => {
                  try {
                    await setState.mutateAsync({ id: r.id, state: r.state === 'enabled' ? 'disabled' : 'enabled' });
                    void message.success(t('company:done.saved'));
                  } catch {
                    /* shown by the http client */
                  }
                }}
              >
                <Button type="link" size="small" danger={r.state === 'enabled'}>
                  {r.state === 'enabled' ? t('company:action.disable') : t('company:action.enable')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  if (tree.isPending)
    return (
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    );
  if (tree.isError || !root)
    return (
      <Card variant="borderless">
        <Result status="warning" title={t('company:loadFailed')} extra={<Button onClick={() => void tree.refetch()}>{t('common:action.retry')}</Button>} />
      </Card>
    );

  return (
    <Space orientation="vertical" size={16} className="full-width">
      <Card
        variant="borderless"
        title={t('company:title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ company: null, parent: root })} data-testid="company-add">
            {t('company:action.add')}
          </Button>
        }
      >
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={7}>
            <Typography.Text type="secondary">{t('company:treeTitle')}</Typography.Text>
            <Tree
              style={{ marginTop: 8 }}
              defaultExpandAll
              treeData={[toTree(root)]}
              selectedKeys={current ? [current] : []}
              titleRender={(node) => <UserText>{node.title}</UserText>}
              onSelect={(keys) => keys[0] && setSelected(String(keys[0]))}
            />
          </Col>
          <Col xs={24} lg={17}>
            <Table<TCompanyNode>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty description={t('company:empty')} /> }}
            />
          </Col>
        </Row>
      </Card>
      <Card variant="borderless" title={t('company:dashboard.title')}>
        <CompanyDashboard id={current} />
      </Card>
      <CompanyForm
        company={form?.company ?? null}
        parent={form?.parent ?? null}
        open={!!form}
        onClose={(saved) => (setForm(null), saved && void message.success(t('company:done.saved')))}
      />
      <AdminInviteForm company={inviting} onClose={(sent) => (setInviting(null), sent && void message.success(t('company:done.invited')))} />
    </Space>
  );
}

import type { TCompanyNode } from '@rrp/contracts';
import { Descriptions, Drawer, Empty, Skeleton, Tag, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDataText, formatUtc } from '../../lib/format';
import { RowsTable } from '../../lib/list';
import { useOpsCompanyDetail } from './api';

type TreeItem = { key: string; title: string; children: TreeItem[] };
const toTree = (n: TCompanyNode): TreeItem => ({ key: n.id, title: n.name, children: n.children.map(toTree) });

/** One company as staff see it: profile, stock, its tree, members and certification. */
export function CompanyDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = useOpsCompanyDetail(id);
  const d = detail.data;
  return (
    <Drawer open={!!id} onClose={onClose} size="large" title={d?.company.name ?? t('ops:company.detail')} destroyOnHidden>
      {detail.isLoading && <Skeleton active />}
      {detail.isError && <Empty description={t('common:systemError')} />}
      {d && (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('ops:company.name')}>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{d.company.name}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('ops:company.address')}>{d.company.address || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('ops:company.certification')}>{t(`ops:cert.state.${d.certification.state}`)}</Descriptions.Item>
            <Descriptions.Item label={t('ops:company.billing')}>{t(`company:billing.${d.company.billing}`)}</Descriptions.Item>
            <Descriptions.Item label={t('ops:company.licenses')}>{d.company.licenseStock}</Descriptions.Item>
            <Descriptions.Item label={t('ops:company.data')}>{formatDataText(d.company.dataRemainingMb, i18n.language)}</Descriptions.Item>
            <Descriptions.Item label={t('ops:company.createdAt')}>{formatUtc(d.company.createdAt)} UTC</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('ops:company.tree')}
          </Typography.Title>
          <Tree defaultExpandAll selectable={false} treeData={[toTree(d.tree)]} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('ops:company.memberList')}
          </Typography.Title>
          <RowsTable
            rowKey="id"
            size="small"
            scroll={{ x: 'max-content' }}
            rows={d.members}
            locale={{ emptyText: t('ops:company.noMembers') }}
            columns={[
              { title: t('members:field.name'), dataIndex: 'name' },
              { title: t('members:field.mail'), dataIndex: 'mail' },
              {
                title: t('members:field.roles'),
                dataIndex: 'roles',
                render: (rs: { id: string; name: string }[]) => rs.map((r) => <Tag key={r.id}>{r.name}</Tag>),
              },
              { title: t('members:field.state'), dataIndex: 'state', render: (s: string) => t(`members:state.${s}`) },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

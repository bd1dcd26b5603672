import { RECONCILE_VIEWS } from '@rrp/contracts/constants';
import { Alert, Descriptions, Drawer, Empty, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { useAccountDetail } from './api';
import { accountName } from './labels';
import { ReconcileTable } from './ReconcileTable';
import { StateTag } from './StateTag';

/** One account: what it is and serves, and its reconciliation (platform only, product only, state differences). */
export function AccountDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAccountDetail(id);
  const a = detail.data;
  const list = (xs: string[], label: (x: string) => string) => (xs.length ? xs.map(label).join(', ') : '—');
  return (
    <Drawer open={!!id} onClose={onClose} size="large" title={a ? accountName(t, a) : t('connectivity:detail')} destroyOnHidden>
      {detail.isLoading && <Skeleton active />}
      {detail.isError && <Empty description={t('common:systemError')} />}
      {a && (
        <>
          <Descriptions column={1} bordered size="small" data-testid="connectivity-detail">
            <Descriptions.Item label={t('connectivity:column.kind')}>{t(`connectivity:kind.${a.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('connectivity:column.baseUrl')}>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{a.baseUrl || '—'}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('connectivity:column.credentials')}>{a.credentialsHint || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('connectivity:column.state')}>
              <StateTag account={a} />
              {a.stateMessage && (
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                  {a.stateMessage}
                </Typography.Paragraph>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('connectivity:column.regions')}>
              {list(a.regions, (r) => t(`devices:region.${r}`, { defaultValue: r }))}
            </Descriptions.Item>
            <Descriptions.Item label={t('connectivity:column.operators')}>
              {list(a.operators, (c) => t(`devices:operator.${c}`, { defaultValue: c }))}
            </Descriptions.Item>
            <Descriptions.Item label={t('connectivity:column.iccidPrefixes')}>{list(a.iccidPrefixes, (p) => p)}</Descriptions.Item>
            <Descriptions.Item label={t('connectivity:column.importCompany')}>
              {a.importCompanyName ? <UserText>{a.importCompanyName}</UserText> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('connectivity:column.devicesSims')}>
              {a.devices} / {a.platformSims}
            </Descriptions.Item>
            <Descriptions.Item label={t('connectivity:column.lastSync')}>
              {a.lastSyncAt ? `${formatUtc(a.lastSyncAt)} UTC` : t('connectivity:never')}
            </Descriptions.Item>
            <Descriptions.Item label={t('connectivity:column.lastUsage')}>
              {a.lastUsageAt ? `${formatUtc(a.lastUsageAt)} UTC` : t('connectivity:never')}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('connectivity:reconcile.title')}
          </Typography.Title>
          {a.kind === 'simulated' ? (
            <Alert type="info" showIcon title={t('connectivity:reconcile.simulatedHint')} />
          ) : (
            <Tabs
              items={RECONCILE_VIEWS.map((v) => ({
                key: v,
                label: t(`connectivity:reconcile.view.${v}`),
                children: <ReconcileTable accountId={a.id} view={v} />,
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}

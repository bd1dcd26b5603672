import { Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { formatDataText } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { useDashboard } from './api';

/** One company's figures: devices, online, Licenses, usage this month, members. */
export function CompanyDashboard({ id }: { id: string | null }) {
  const { t, i18n } = useTranslation();
  const d = useDashboard(id);
  if (!id) return <Empty description={t('company:dashboard.choose')} />;
  if (d.isPending) return <Skeleton active />;
  if (d.isError || !d.data) return <Empty description={t('common:systemError')} />;
  const x = d.data;
  const stats = [
    { key: 'devices', value: x.devices },
    { key: 'online', value: x.online },
    { key: 'licenses', value: x.licenseStock },
    { key: 'licensesInUse', value: x.licensesInUse },
    { key: 'usage', value: formatDataText(x.usageMonthMb, i18n.language) },
    { key: 'members', value: x.members },
    { key: 'subCompanies', value: x.subCompanies },
  ];
  return (
    <Card
      size="small"
      title={
        <Typography.Text style={{ wordBreak: 'break-all' }} translate="no">
          {x.name}
        </Typography.Text>
      }
      data-testid="company-dashboard"
    >
      <Row gutter={[16, 16]}>
        {stats.map((s) => (
          <Col xs={12} md={8} xl={6} key={s.key}>
            <Statistic title={t(`company:dashboard.${s.key}`)} value={s.value} />
          </Col>
        ))}
      </Row>
      {x.billing === 'parent' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          <Trans i18nKey="company:dashboard.paidBy" values={{ name: x.payerName }} components={{ name: <UserText /> }} />
        </Typography.Paragraph>
      )}
    </Card>
  );
}

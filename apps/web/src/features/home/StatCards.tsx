import { CalendarOutlined, ClockCircleOutlined, LineChartOutlined, SafetyCertificateOutlined, WifiOutlined } from '@ant-design/icons';
import type { TAccountOverview } from '@rrp/contracts';
import { Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatData } from '../../lib/format';

function StatCard({ title, icon, tone, children, note }: { title: string; icon: ReactNode; tone: string; children: ReactNode; note?: ReactNode }) {
  return (
    <Card variant="borderless" className="stat-card">
      <div className="stat-card-head">
        <span className={`stat-icon stat-icon-${tone}`}>{icon}</span>
        <Typography.Text type="secondary">{title}</Typography.Text>
      </div>
      {children}
      {note && <div className="stat-note">{note}</div>}
    </Card>
  );
}

export function StatCards({ data }: { data: TAccountOverview }) {
  const { t, i18n } = useTranslation();
  const yesterday = formatData(data.usageYesterdayMb, i18n.language);
  const month = formatData(data.usageMonthMb, i18n.language);
  const t1 = (
    <Tooltip title={t('home:usage.t1Hint')}>
      <Typography.Text type="secondary" className="stat-hint">
        {t('home:usage.t1')}
      </Typography.Text>
    </Tooltip>
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={8} xxl={4}>
        <StatCard
          title={t('home:stat.licenseStock')}
          icon={<SafetyCertificateOutlined />}
          tone="blue"
          note={
            <Link to="/licenseManagement" data-testid="home-license-manage">
              {t('home:stat.licenseManage')}
            </Link>
          }
        >
          <Statistic value={data.licenseStock} />
        </StatCard>
      </Col>
      <Col xs={24} sm={12} xl={8} xxl={5}>
        <StatCard
          title={t('home:stat.licenseExpiring')}
          icon={<ClockCircleOutlined />}
          tone={data.licenseExpiring30d > 0 ? 'orange' : 'green'}
          note={<Typography.Text type="secondary">{t('home:stat.licenseExpiringNote')}</Typography.Text>}
        >
          <Statistic value={data.licenseExpiring30d} styles={data.licenseExpiring30d > 0 ? { content: { color: '#d46b08' } } : undefined} />
        </StatCard>
      </Col>
      <Col xs={24} sm={12} xl={8} xxl={5}>
        <StatCard title={t('home:stat.onlineDevices')} icon={<WifiOutlined />} tone="green">
          <Statistic value={data.onlineDevices} suffix={`/ ${data.totalDevices.toLocaleString(i18n.language)}`} />
        </StatCard>
      </Col>
      <Col xs={24} sm={12} xl={12} xxl={5}>
        <StatCard title={t('home:stat.usageYesterday')} icon={<CalendarOutlined />} tone="purple" note={t1}>
          <Statistic value={yesterday.value} suffix={yesterday.unit} />
        </StatCard>
      </Col>
      <Col xs={24} sm={24} xl={12} xxl={5}>
        <StatCard title={t('home:stat.usageMonth')} icon={<LineChartOutlined />} tone="cyan" note={t1}>
          <Statistic value={month.value} suffix={month.unit} />
        </StatCard>
      </Col>
    </Row>
  );
}

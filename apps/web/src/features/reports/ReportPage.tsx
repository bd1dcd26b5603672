import type { ReportKind, ReportPeriod } from '@rrp/contracts/constants';
import { Card, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../lib/useIsPhone';
import { type ReportRequest, useReport } from './api';
import { CoverTab } from './CoverTab';
import { DeviceTab } from './DeviceTab';
import { FlowTab } from './FlowTab';
import { dayText } from './labels';
import { OverviewTab } from './OverviewTab';
import { ReportActions } from './ReportActions';
import { ReportFilters } from './ReportFilters';
import { StabilityTab } from './StabilityTab';
import { SubscriptionDialog } from './SubscriptionDialog';
import './reports.css';

const TABS = ['overview', 'flow', 'device', 'stability', 'cover'] as const;
type Tab = (typeof TABS)[number];

/** The report a tab shows (the overview draws on several; its T+1 date comes from the flow report). */
const reportOf = (tab: Tab): ReportKind | null => (tab === 'overview' ? null : tab);

/** "Data up to <date>, updated daily at 9:00": the last complete day of the open report. */
function FreshnessNote({ tab, req }: { tab: Tab; req: ReportRequest }) {
  const { t, i18n } = useTranslation();
  // the same query as the tab's: answered from the cache, not asked twice
  const q = useReport(reportOf(tab) ?? 'flow', req);
  const to = q.data?.to;
  return (
    <Typography.Paragraph type="secondary" className="report-freshness" data-testid="report-freshness">
      {to ? t('reports:freshness.upTo', { date: dayText(t, i18n.language, to) }) : t('reports:freshness.general')}
    </Typography.Paragraph>
  );
}

/** The operation report (spec section 9): flow, devices, stability and coverage of a period, with export and subscriptions. */
export default function ReportPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ReportPeriod>('30d');
  const [companyId, setCompanyId] = useState<string | undefined>(undefined);
  const [tab, setTab] = useState<Tab>('overview');
  const [subscribing, setSubscribing] = useState(false);
  const phone = useIsPhone();
  const req = useMemo<ReportRequest>(() => ({ period, companyId }), [period, companyId]);

  const panes: Record<Tab, React.ReactNode> = {
    overview: <OverviewTab req={req} />,
    flow: <FlowTab req={req} />,
    device: <DeviceTab req={req} />,
    stability: <StabilityTab req={req} />,
    cover: <CoverTab req={req} />,
  };

  return (
    <div className="report-page" data-testid="report-page">
      <Card variant="borderless" className="report-head">
        <div className="report-head-row">
          <div className="report-title">
            <Typography.Title level={4} className="report-title-text">
              {t('reports:title')}
            </Typography.Title>
            <FreshnessNote tab={tab} req={req} />
          </div>
          <ReportActions report={reportOf(tab)} req={req} onSubscribe={() => setSubscribing(true)} />
        </div>
        <ReportFilters period={period} onPeriod={setPeriod} companyId={companyId} onCompany={setCompanyId} />
      </Card>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        className="report-tabs"
        // five tabs fit a phone's width with narrower gaps: no overflow menu (whose button antd puts inside the tab list)
        tabBarGutter={phone ? 16 : undefined}
        data-testid="report-tabs"
        destroyOnHidden
        items={TABS.map((k) => ({ key: k, label: t(`reports:tab.${k}`), children: panes[k] }))}
      />
      <SubscriptionDialog open={subscribing} onClose={() => setSubscribing(false)} report={reportOf(tab) ?? 'flow'} period={period} companyId={companyId} />
    </div>
  );
}

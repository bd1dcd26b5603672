import { REPORT_PERIODS, type ReportPeriod } from '@rrp/contracts/constants';
import { Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../lib/UserText';
import { useIsPhone } from '../../lib/useIsPhone';
import { useCompanyOptions } from '../company/api';
import { periodName } from './labels';

/** The caller's company and its sub-companies; empty while they load or when there are none to choose. */
export function useReportCompanies() {
  const options = useCompanyOptions();
  const list = options.data?.list ?? [];
  const own = list.find((c) => c.depth === 0) ?? null;
  return { own, list: list.length > 1 ? list : [] };
}

type Props = {
  period: ReportPeriod;
  onPeriod: (p: ReportPeriod) => void;
  companyId: string | undefined;
  onCompany: (id: string | undefined) => void;
};

/** The period (segmented) and, when the caller has sub-companies, the company the report covers. */
export function ReportFilters({ period, onPeriod, companyId, onCompany }: Props) {
  const { t } = useTranslation();
  const { own, list } = useReportCompanies();
  // six full period names do not fit a phone's width: there they are abbreviated (full name as title)
  const phone = useIsPhone();
  return (
    <div className="report-filters">
      <div className="report-period">
        <Segmented<ReportPeriod>
          value={period}
          onChange={onPeriod}
          aria-label={t('reports:filter.period')}
          options={REPORT_PERIODS.map((p) => ({ value: p, label: phone ? t(`reports:periodShort.${p}`) : periodName(t, p), title: periodName(t, p) }))}
          data-testid="report-period"
        />
      </div>
      {list.length > 0 && own && (
        <Select<string>
          className="report-company"
          value={companyId ?? own.id}
          onChange={(id) => onCompany(id === own.id ? undefined : id)}
          showSearch
          optionFilterProp="title"
          aria-label={t('reports:filter.company')}
          data-testid="report-company"
          popupMatchSelectWidth={false}
          options={list.map((c) => ({
            value: c.id,
            title: c.name,
            label: (
              <span style={{ paddingInlineStart: Math.min(c.depth, 4) * 12 }}>
                <UserText>{c.name}</UserText>
              </span>
            ),
          }))}
        />
      )}
    </div>
  );
}

import { Alert, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/access';
import { useAcLicenseCount } from './api';

/** The AC Licenses an import depends on (one per AC imported), and where to buy more when none is left. */
export function AcLicenseSummary() {
  const { t, i18n } = useTranslation();
  const q = useAcLicenseCount();
  const canBuy = useCan('MERCHANDISE_BUY_LICENSE');
  const d = q.data;
  if (q.isPending) return <Skeleton active title={false} paragraph={{ rows: 1 }} className="ac-license" />;
  if (!d) return <Alert type="warning" showIcon className="ac-license" title={t('ac:license.loadFailed')} />;
  const nf = new Intl.NumberFormat(i18n.language);
  return (
    <section className="ac-license" aria-label={t('ac:license.title')} data-testid="ac-license">
      <div className="ac-license-figures">
        <Statistic
          title={t('ac:license.available')}
          value={d.available}
          formatter={(v) => nf.format(Number(v))}
          styles={{ content: { color: d.available > 0 ? '#0a4fc0' : '#a8071a' } }}
          data-testid="ac-license-available"
        />
        <Statistic title={t('ac:license.used')} value={d.used} formatter={(v) => nf.format(Number(v))} data-testid="ac-license-used" />
        <Statistic title={t('ac:license.total')} value={d.total} formatter={(v) => nf.format(Number(v))} />
      </div>
      {d.available <= 0 && (
        <Alert
          type="warning"
          showIcon
          className="ac-license-none"
          data-testid="ac-license-none"
          title={t('ac:license.none')}
          description={canBuy ? <Link to="/ac-download">{t('ac:license.buy')}</Link> : t('ac:license.askAdmin')}
        />
      )}
    </section>
  );
}

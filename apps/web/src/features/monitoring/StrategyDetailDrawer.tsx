import { Button, Descriptions, Drawer, Empty, Result, Skeleton, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { type TStrategy, type TStrategySwitch, useStrategyDetail } from './api';
import { cardLabel, conditionsText, formatDate, measurementText } from './format';
import { QUALITY_COLOR } from './strategyColumns';

const STATUS_COLOR: Record<TStrategySwitch['status'], string> = { pending: 'processing', done: 'success', failed: 'error' };

type Props = { open: boolean; strategy: TStrategy | null; onClose: () => void };

/** A strategy's facts and the latest card switches it made, with the measurement behind each. */
export function StrategyDetailDrawer({ open, strategy, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const detail = useStrategyDetail(open ? (strategy?.id ?? null) : null);
  const s = detail.data?.strategy ?? strategy;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      rootClassName="strategy-drawer"
      title={
        <span>
          {t('strategies:detail.title')}
          {s && (
            <>
              {' · '}
              <UserText>{s.name}</UserText>
            </>
          )}
        </span>
      }
      destroyOnHidden
    >
      {s && <StrategyFacts t={t} s={s} locale={i18n.language} />}
      <Typography.Title level={5} className="strategy-switches-title">
        {t('strategies:detail.switches')}
      </Typography.Title>
      {detail.isPending && open && <Skeleton active paragraph={{ rows: 4 }} />}
      {detail.isError && !detail.data && (
        <Result
          status="warning"
          title={t('strategies:detail.loadFailed')}
          extra={<Button onClick={() => void detail.refetch()}>{t('common:action.retry')}</Button>}
        />
      )}
      {detail.data &&
        (detail.data.switches.length === 0 ? (
          <Empty description={<span data-testid="strategy-switches-empty">{t('strategies:detail.empty')}</span>} />
        ) : (
          <ul className="strategy-switches" data-testid="strategy-switches">
            {detail.data.switches.map((w) => (
              <li key={`${w.imei}-${w.at}`} className="strategy-switch">
                <SwitchItem t={t} w={w} locale={i18n.language} />
              </li>
            ))}
          </ul>
        ))}
    </Drawer>
  );
}

function StrategyFacts({ t, s, locale }: { t: TFunction; s: TStrategy; locale: string }) {
  const f = (key: string) => t(`strategies:field.${key}`);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      bordered
      className="strategy-facts"
      items={[
        { key: 'type', label: f('type'), children: t(`strategies:type.${s.type}`) },
        { key: 'interval', label: f('interval'), children: t('strategies:minutes', { count: s.interval }) },
        {
          key: 'domains',
          label: f('domains'),
          span: 'filled',
          children: (
            <span translate="no" className="break-all">
              {s.domains.join(', ')}
            </span>
          ),
        },
        { key: 'quality', label: f('quality'), children: <Tag color={QUALITY_COLOR[s.quality]}>{t(`strategies:quality.${s.quality}`)}</Tag> },
        { key: 'conditions', label: f('conditions'), children: conditionsText(t, s, locale) },
        { key: 'mode', label: f('mode'), children: t(`strategies:mode.${s.mode}`) },
        { key: 'consecutive', label: f('consecutive'), children: t('strategies:times', { count: s.consecutive }) },
        { key: 'switchTo', label: f('switchTo'), children: t(`strategies:switchTo.${s.switchTo}`) },
        { key: 'deviceCount', label: f('deviceCount'), children: new Intl.NumberFormat(locale).format(s.deviceCount) },
        { key: 'createdAt', label: f('createdAt'), children: formatDate(t, s.createdAt) },
      ]}
    />
  );
}

function SwitchItem({ t, w, locale }: { t: TFunction; w: TStrategySwitch; locale: string }) {
  const failed = w.reason.failed.map((c) => t(`strategies:condition.${c}`)).join(t('strategies:listSeparator'));
  return (
    <>
      <div className="strategy-switch-head">
        <span translate="no" className="strategy-switch-imei">
          {w.imei}
        </span>
        <Tag color={STATUS_COLOR[w.status]}>{t(`strategies:detail.status.${w.status}`)}</Tag>
        <Typography.Text type="secondary">{formatUtc(w.at, 'YYYY-MM-DD HH:mm:ss')}</Typography.Text>
      </div>
      <div>{t('strategies:detail.fromTo', { from: cardLabel(t, w.from), to: cardLabel(t, w.to) })}</div>
      <Typography.Text type="secondary" className="strategy-sub">
        {t('strategies:detail.reason', {
          domain: w.reason.domain,
          measured: measurementText(t, w.reason, locale),
          failed: failed || '—',
          count: w.reason.probes,
        })}
      </Typography.Text>
    </>
  );
}

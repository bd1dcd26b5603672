import { AT_CARD_STATES, NETWORK_OPERATOR_CODES } from '@rrp/contracts/constants';
import { App, Card, Empty, Grid, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/access';
import { anyFilter, oneOfField, PagedTable, textField, type UrlFields, useListUrl } from '../../lib/list';
import { type AtCardFilters, AtCardFiltersForm } from './AtCardFiltersForm';
import { AtLogDrawer } from './AtLogDrawer';
import { type TAtCard, useAtCardList, useAtCommand } from './api';
import { AT_TABLE_WIDTH, atCardColumns, deviceSpans } from './atCardColumns';
import './atcards.css';

const PAGE_SIZES = [10, 20, 50] as const;

const FIELDS: UrlFields<AtCardFilters> = {
  keyword: textField(50),
  state: oneOfField(AT_CARD_STATES),
  operatorCode: oneOfField(NETWORK_OPERATOR_CODES, undefined, 'operator'),
};

/**
 * AT card management (/at-card-management/index, docs/at-cards.md): the SIM slots of the
 * company's devices' modules, a switch of slot and a sync sent as AT commands, and each device's
 * AT log. Every member reads; sending needs the device list's code.
 */
export default function AtCardsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES, defaultSize: 20 });
  const list = useAtCardList({ ...page, ...filters });
  const command = useAtCommand();
  const canCommand = useCan('DEVICE_LIST');
  // the drawer keeps its device while it closes, so its title does not jump
  const [log, setLog] = useState<{ imei: string | null; name: string }>({ imei: null, name: '' });
  const pinned = Grid.useBreakpoint().md !== false;
  const filtered = anyFilter(filters);

  const send = async (body: Parameters<typeof command.mutateAsync>[0]) => {
    try {
      const r = await command.mutateAsync(body);
      void message.success(t('atcards:action.sent', { at: r.at }));
    } catch {
      /* shown by the http client */
    }
  };

  const rows = list.data?.list ?? [];
  const columns = atCardColumns(
    t,
    deviceSpans(rows),
    {
      onSwitch: canCommand ? (r) => send({ imei: r.imei, command: 'switch', slot: r.slot }) : null,
      onSync: canCommand ? (imei) => void send({ imei, command: 'sync' }) : null,
      onLog: (r) => setLog({ imei: r.imei, name: r.deviceName }),
    },
    pinned,
  );

  return (
    <div className="atcard-page" data-testid="atcard-page">
      <Card variant="borderless" className="atcard-card" title={t('atcards:page.title')}>
        <Typography.Paragraph type="secondary" className="atcard-intro">
          {t('atcards:page.intro')}
        </Typography.Paragraph>
        {!canCommand && (
          <Typography.Paragraph type="secondary" className="atcard-intro" data-testid="atcard-readonly">
            {t('atcards:page.readOnly')}
          </Typography.Paragraph>
        )}
        <AtCardFiltersForm filters={filters} onApply={setFilters} />
        <PagedTable<TAtCard>
          rowKey={(r) => `${r.imei}-${r.slot}`}
          data-testid="atcard-table"
          className="atcard-table"
          bordered
          columns={columns}
          scroll={{ x: AT_TABLE_WIDTH }}
          onRow={(r) => ({ 'data-testid': `atcard-row-${r.imei}-${r.slot}` }) as HTMLAttributes<HTMLElement>}
          list={list}
          page={page}
          setPage={setPage}
          pageSizes={PAGE_SIZES}
          totalText={(total) => t('atcards:list.total', { count: total })}
          loadFailed={t('atcards:list.loadFailed')}
          empty={<Empty description={filtered ? t('atcards:list.emptyFiltered') : t('atcards:list.empty')} />}
        />
      </Card>
      <AtLogDrawer imei={log.imei} name={log.name} onClose={() => setLog((l) => ({ ...l, imei: null }))} />
    </div>
  );
}

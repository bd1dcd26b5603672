import { CheckOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Grid, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/access';
import { anyFilter, PagedTable, useListUrl } from '../../lib/list';
import { ALARM_FIELDS, AlarmFiltersForm } from './AlarmFiltersForm';
import { ALARM_TABLE_WIDTH, alarmColumns } from './alarmColumns';
import { type AlarmListRequest, type TAlarm, useAlarmList, useHandleAlarms } from './api';
import './alarms.css';

const PAGE_SIZES = [10, 20, 50] as const;

/** The alarm list (spec section 2, /alarm-list): filters and paging in the URL, the devices of an alarm, marking alarms handled. */
export default function AlarmListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: ALARM_FIELDS, pageSizes: PAGE_SIZES });
  const [selected, setSelected] = useState<string[]>([]);
  const req = useMemo<AlarmListRequest>(() => ({ ...page, ...filters }), [filters, page]);
  const list = useAlarmList(req);
  const handle = useHandleAlarms();
  const canSettings = useCan('SERVICE_SETTING_ALARM_MANAGE');
  const screens = Grid.useBreakpoint();
  const filtered = anyFilter(filters);

  const markHandled = async () => {
    if (selected.length === 0) return;
    try {
      await handle.mutateAsync(selected);
      void message.success(t('alarms:list.handledDone', { count: selected.length }));
      setSelected([]);
    } catch {
      /* shown by the http client */
    }
  };

  const empty = filtered ? (
    <Empty description={t('alarms:list.emptyFiltered')} />
  ) : (
    <Empty description={<span data-testid="alarm-empty">{t('alarms:list.empty')}</span>}>
      {canSettings && <Link to="/alarm-settings">{t('alarms:list.toSettings')}</Link>}
    </Empty>
  );
  const openUnhandled = list.data?.openUnhandled;

  return (
    <div className="alarm-page">
      <Card variant="borderless" className="alarm-card" title={t('alarms:list.title')}>
        <AlarmFiltersForm
          filters={filters}
          onApply={(f) => {
            setFilters(f);
            setSelected([]);
          }}
        />
        <Space wrap size={[16, 8]} className="alarm-toolbar">
          {openUnhandled !== undefined && (
            <Typography.Text type={openUnhandled > 0 ? 'danger' : 'secondary'} strong={openUnhandled > 0} data-testid="alarm-open-count">
              {t('alarms:list.openUnhandled', { count: openUnhandled })}
            </Typography.Text>
          )}
          <Button
            icon={<CheckOutlined />}
            disabled={selected.length === 0}
            loading={handle.isPending}
            onClick={() => void markHandled()}
            data-testid="alarm-handle"
          >
            {t('alarms:list.markHandled')}
          </Button>
          <Typography.Text type="secondary" aria-live="polite" data-testid="alarm-selected">
            {t('alarms:list.selected', { count: selected.length })}
          </Typography.Text>
        </Space>
        <PagedTable<TAlarm>
          rowKey="id"
          data-testid="alarm-table"
          columns={alarmColumns(t, screens.md !== false)}
          scroll={{ x: ALARM_TABLE_WIDTH }}
          list={list}
          page={page}
          setPage={(p) => {
            setSelected([]);
            setPage(p);
          }}
          pageSizes={PAGE_SIZES}
          totalText={(total) => t('alarms:list.total', { count: total })}
          loadFailed={t('alarms:list.loadFailed')}
          empty={empty}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (r) =>
              ({
                disabled: !!r.handledAt,
                'aria-label': t('alarms:list.select', { no: r.alarmNo }),
                'data-testid': `alarm-check-${r.alarmNo}`,
              }) as never,
          }}
        />
      </Card>
    </div>
  );
}

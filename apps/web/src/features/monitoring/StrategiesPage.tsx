import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Form, Grid, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, PagedTable, textField, type UrlFields, useListUrl } from '../../lib/list';
import { type StrategyListRequest, type TStrategy, useDeleteStrategy, useStrategyList } from './api';
import { StrategyDetailDrawer } from './StrategyDetailDrawer';
import { StrategyDevicesDialog } from './StrategyDevicesDialog';
import { StrategyDialog } from './StrategyDialog';
import { STRATEGY_TABLE_WIDTH, strategyColumns } from './strategyColumns';
import './strategies.css';

const PAGE_SIZES = [10, 20, 50] as const;

type Filters = Pick<StrategyListRequest, 'name'>;
const FIELDS: UrlFields<Filters> = { name: textField(50) };

/** The dialog or drawer shown; it keeps its strategy while it closes, so its content does not jump. */
type Active = { kind: 'form' | 'devices' | 'detail'; strategy: TStrategy | null; visible: boolean };

/** Monitoring strategies (spec section 2, /settings): the list, add, edit, delete, their devices and their switches. */
export default function StrategiesPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES });
  const { name } = filters;
  const list = useStrategyList({ ...page, ...filters });
  const remove = useDeleteStrategy();
  const [active, setActive] = useState<Active>({ kind: 'form', strategy: null, visible: false });
  const show = (kind: Active['kind'], strategy: TStrategy | null) => setActive({ kind, strategy, visible: true });
  const hide = () => setActive((a) => ({ ...a, visible: false }));
  const shown = (kind: Active['kind']) => active.visible && active.kind === kind;
  const screens = Grid.useBreakpoint();

  const columns = strategyColumns(
    t,
    {
      locale: i18n.language,
      onEdit: (s) => show('form', s),
      onDevices: (s) => show('devices', s),
      onDetail: (s) => show('detail', s),
      onDelete: async (s) => {
        try {
          await remove.mutateAsync(s.id);
          void message.success(t('strategies:action.deleted', { name: s.name }));
        } catch {
          /* shown by the http client */
        }
      },
    },
    screens.md !== false,
  );

  const add = () => show('form', null);
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={add} data-testid="strategy-add">
      {t('strategies:list.add')}
    </Button>
  );
  const empty = name ? (
    <Empty description={t('strategies:list.emptyFiltered')} />
  ) : (
    <Empty description={<span data-testid="strategy-empty">{t('strategies:list.empty')}</span>}>
      <Button type="primary" icon={<PlusOutlined />} onClick={add} data-testid="strategy-empty-add">
        {t('strategies:list.add')}
      </Button>
    </Empty>
  );

  return (
    <div className="strategy-page" data-testid="strategies-page">
      <Card variant="borderless" title={t('strategies:list.title')} extra={addButton} className="strategy-card" data-testid="strategies-card">
        <Typography.Paragraph type="secondary" className="strategy-note">
          {t('strategies:list.explain')}
        </Typography.Paragraph>
        <FilterBar<Filters> prefix="strategy" values={filters} onApply={(v) => setFilters({ name: v.name?.trim() || undefined })}>
          <Form.Item name="name" label={t('strategies:field.name')}>
            <Input
              allowClear
              className="filter-bar-keyword"
              placeholder={t('strategies:list.search')}
              aria-label={t('strategies:list.search')}
              maxLength={50}
              data-testid="strategy-search"
            />
          </Form.Item>
        </FilterBar>
        <PagedTable<TStrategy>
          rowKey="id"
          data-testid="strategies-table"
          columns={columns}
          scroll={{ x: STRATEGY_TABLE_WIDTH }}
          list={list}
          page={page}
          setPage={setPage}
          pageSizes={PAGE_SIZES}
          totalText={(total) => t('strategies:list.total', { count: total })}
          loadFailed={t('strategies:list.loadFailed')}
          empty={empty}
        />
      </Card>
      <StrategyDialog open={shown('form')} strategy={active.kind === 'form' ? active.strategy : null} onClose={hide} />
      <StrategyDevicesDialog open={shown('devices')} strategy={active.kind === 'devices' ? active.strategy : null} onClose={hide} />
      <StrategyDetailDrawer open={shown('detail')} strategy={active.kind === 'detail' ? active.strategy : null} onClose={hide} />
    </div>
  );
}

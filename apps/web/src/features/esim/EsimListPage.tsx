import { ExportOutlined } from '@ant-design/icons';
import { ESIM_SORTS, ESIM_STATES, NETWORK_OPERATOR_CODES } from '@rrp/contracts/constants';
import { Button, Card, Empty, Grid, Select, Space, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { anyFilter, oneOfField, PagedTable, textField, type UrlFields, useListUrl } from '../../lib/list';
import { downloadEsimList, type EsimSort, type TEsimRow, useEsimList } from './api';
import { EsimDetailDrawer } from './EsimDetailDrawer';
import { type EsimFilters, EsimFiltersForm } from './EsimFiltersForm';
import { ESIM_TABLE_WIDTH, esimColumns, sortFromTable } from './esimColumns';
import './esim.css';

const PAGE_SIZES = [10, 20, 50] as const;

/** The filters (what the export takes too) and the sort, in the URL with the page. */
type ListFilters = EsimFilters & { sort: EsimSort };
const FIELDS: UrlFields<ListFilters> = {
  keyword: textField(50),
  state: oneOfField(ESIM_STATES),
  operatorCode: oneOfField(NETWORK_OPERATOR_CODES, undefined, 'operator'),
  sort: oneOfField(ESIM_SORTS, 'created_desc'),
};

/** The eSIMs (eUICCs) of the company's devices (spec section 2: eSIM list with EID detail); `?eid=` opens one. */
export default function EsimListPage() {
  const { t, i18n } = useTranslation();
  const { filters: listFilters, page, setFilters: setListFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES });
  const { sort, ...filters } = listFilters;
  const list = useEsimList({ ...page, ...listFilters });
  const [params, setParams] = useSearchParams();
  const eid = params.get('eid');
  const [exporting, setExporting] = useState(false);
  const pinned = Grid.useBreakpoint().md !== false;
  const filtered = anyFilter(filters);

  const openDetail = (next: string | null) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next) out.set('eid', next);
        else out.delete('eid');
        return out;
      },
      { replace: !next },
    );

  const changeSort = (next: EsimSort) => setListFilters({ ...filters, sort: next });
  const setFilters = (next: EsimFilters) => setListFilters({ ...next, sort });

  const exportList = async () => {
    setExporting(true);
    try {
      await downloadEsimList(filters);
    } catch {
      /* shown by the http client */
    } finally {
      setExporting(false);
    }
  };

  const columns = esimColumns(t, i18n.language, sort, (r) => openDetail(r.eid), pinned);

  return (
    <div className="esim-page" data-testid="esim-page">
      <Card
        variant="borderless"
        className="esim-card"
        title={t('esim:list.title')}
        extra={<Typography.Text type="secondary">{t('common:utcNote')}</Typography.Text>}
      >
        <EsimFiltersForm filters={filters} onApply={setFilters} />
        <div className="esim-toolbar">
          <Space wrap>
            <label htmlFor="esim-sort" className="esim-sort-label">
              {t('esim:list.sort')}
            </label>
            <Select<EsimSort>
              id="esim-sort"
              className="esim-sort"
              value={sort}
              onChange={changeSort}
              data-testid="esim-sort"
              options={ESIM_SORTS.map((s) => ({ value: s, label: t(`esim:sort.${s}`) }))}
            />
          </Space>
          <Button icon={<ExportOutlined />} loading={exporting} onClick={() => void exportList()} data-testid="esim-export">
            {t('esim:list.export')}
          </Button>
        </div>
        <PagedTable<TEsimRow>
          rowKey="eid"
          data-testid="esim-table"
          columns={columns}
          scroll={{ x: ESIM_TABLE_WIDTH }}
          list={list}
          page={page}
          setPage={setPage}
          pageSizes={PAGE_SIZES}
          totalText={(total) => t('esim:list.total', { count: total })}
          loadFailed={t('esim:list.loadFailed')}
          empty={<Empty description={<span data-testid="esim-empty">{filtered ? t('esim:list.emptyFiltered') : t('esim:list.empty')}</span>} />}
          onRow={(r) => ({ onClick: () => openDetail(r.eid), className: 'esim-row', 'data-testid': `esim-row-${r.eid}` }) as HTMLAttributes<HTMLElement>}
          onChange={(_p, _f, sorter, extra) => {
            if (extra.action !== 'sort') return;
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            changeSort(sortFromTable(s?.columnKey, s?.order ?? undefined));
          }}
        />
        <Typography.Paragraph type="secondary" className="esim-note">
          {t('esim:list.usageNoteT1')}
        </Typography.Paragraph>
      </Card>
      <EsimDetailDrawer eid={eid} onClose={() => openDetail(null)} />
    </div>
  );
}

import { UploadOutlined } from '@ant-design/icons';
import { AC_OPERATOR_CODES, AC_STATUSES } from '@rrp/contracts/constants';
import { App, Button, Card, Empty, Grid, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { anyFilter, oneOfField, PagedTable, textField, type UrlFields, useListUrl } from '../../lib/list';
import { AcBindDialog } from './AcBindDialog';
import { AcCodeFormat } from './AcCodeFormat';
import { type AcFilters, AcFiltersForm } from './AcFiltersForm';
import { AcImportDialog } from './AcImportDialog';
import { AcLicenseSummary } from './AcLicenseSummary';
import { AC_TABLE_WIDTH, acColumns } from './acColumns';
import { type TAcRecord, useAcList, useDeleteAc, useUnbindAc } from './api';
import './ac.css';

const PAGE_SIZES = [10, 20, 50] as const;

const FIELDS: UrlFields<AcFilters> = {
  status: oneOfField(AC_STATUSES),
  operatorCode: oneOfField(AC_OPERATOR_CODES, undefined, 'operator'),
  keyword: textField(50),
};

/** The ACs (activation codes) of the company (spec section 2, /ac-list): AC Licenses, import, the list, bind, unbind, delete. */
export default function AcListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES });
  const list = useAcList({ ...page, ...filters });
  const unbind = useUnbindAc();
  const remove = useDeleteAc();
  const [importing, setImporting] = useState(false);
  // the dialog keeps its AC while it closes, so its content does not jump
  const [binding, setBinding] = useState<{ record: TAcRecord | null; open: boolean }>({ record: null, open: false });
  const screens = Grid.useBreakpoint();
  const filtered = anyFilter(filters);

  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      void message.success(done);
    } catch {
      /* shown by the http client */
    }
  };

  const columns = acColumns(
    t,
    {
      onBind: (r) => setBinding({ record: r, open: true }),
      onUnbind: (r) => run(() => unbind.mutateAsync(r.acCode), t('ac:action.unbound')),
      onDelete: (r) => run(() => remove.mutateAsync(r.acCode), t('ac:action.deleted')),
    },
    screens.md !== false,
  );

  const openImport = () => setImporting(true);
  const empty = filtered ? (
    <Empty description={t('ac:list.emptyFiltered')} />
  ) : (
    <Empty
      description={
        <span className="ac-empty" data-testid="ac-empty">
          <span>{t('ac:list.empty')}</span>
          <AcCodeFormat />
          <span>{t('ac:list.emptyNext')}</span>
        </span>
      }
    >
      <Button type="primary" icon={<UploadOutlined />} onClick={openImport} data-testid="ac-empty-import">
        {t('ac:list.import')}
      </Button>
    </Empty>
  );

  return (
    <div className="ac-page" data-testid="ac-page">
      <Card
        variant="borderless"
        className="ac-card"
        title={t('ac:list.title')}
        extra={
          <Button type="primary" icon={<UploadOutlined />} onClick={openImport} data-testid="ac-import">
            {t('ac:list.import')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary" className="ac-note">
          {t('ac:list.explain')}
        </Typography.Paragraph>
        <AcLicenseSummary />
        <AcFiltersForm filters={filters} onApply={setFilters} />
        <PagedTable<TAcRecord>
          rowKey="acCode"
          data-testid="ac-table"
          columns={columns}
          scroll={{ x: AC_TABLE_WIDTH }}
          list={list}
          page={page}
          setPage={setPage}
          pageSizes={PAGE_SIZES}
          totalText={(total) => t('ac:list.total', { count: total })}
          loadFailed={t('ac:list.loadFailed')}
          empty={empty}
        />
      </Card>
      <AcBindDialog open={binding.open} record={binding.record} onClose={() => setBinding((b) => ({ ...b, open: false }))} />
      <AcImportDialog open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}

import { Button, Descriptions, Result, Space, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowsTable } from '../../lib/list';
import type { TAcImportResult } from './api';

type Failure = TAcImportResult['failures'][number];

/** What an import did: the declared count, the rows read, the ACs imported, the AC Licenses left, and each refused row with why. */
export function AcImportResult({ result, onAgain, onClose }: { result: TAcImportResult; onAgain: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const nf = new Intl.NumberFormat(i18n.language);
  const failed = result.failures.length;
  const columns: TableColumnsType<Failure> = [
    { key: 'row', title: t('ac:result.row'), dataIndex: 'row', width: 80, align: 'right', render: (v: number) => nf.format(v) },
    {
      key: 'acCode',
      title: t('ac:field.acCode'),
      dataIndex: 'acCode',
      width: 240,
      render: (v: string) =>
        v ? (
          <Typography.Text translate="no" className="ac-code" ellipsis={{ tooltip: v }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { key: 'reason', title: t('ac:result.reason'), dataIndex: 'reason', width: 220, render: (v: Failure['reason']) => t(`ac:failure.${v}`) },
  ];
  return (
    <div className="ac-import-result" data-testid="ac-import-result">
      <Result
        className="ac-import-result-head"
        status={result.imported === 0 ? 'error' : failed > 0 ? 'warning' : 'success'}
        title={result.imported === 0 ? t('ac:result.none') : t('ac:result.title', { count: result.imported, n: nf.format(result.imported) })}
        subTitle={failed > 0 ? t('ac:result.someRefused', { count: failed, n: nf.format(failed) }) : t('ac:result.allImported')}
      />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        data-testid="ac-import-figures"
        items={[
          { key: 'declared', label: t('ac:result.declared'), children: nf.format(result.declared) },
          { key: 'rows', label: t('ac:result.rows'), children: nf.format(result.rows) },
          { key: 'imported', label: t('ac:result.imported'), children: nf.format(result.imported) },
          { key: 'refused', label: t('ac:result.refused'), children: nf.format(failed) },
          { key: 'acLicenses', label: t('ac:result.acLicenses'), children: nf.format(result.acLicenses) },
        ]}
      />
      {failed > 0 && (
        <>
          <Typography.Title level={5} className="ac-import-failures-title">
            {t('ac:result.failuresTitle')}
          </Typography.Title>
          <RowsTable<Failure>
            rowKey={(f) => `${f.row}-${f.reason}-${f.acCode}`}
            size="small"
            data-testid="ac-import-failures"
            columns={columns}
            rows={result.failures}
            scroll={{ x: 540 }}
          />
        </>
      )}
      <Space wrap className="ac-import-buttons">
        <Button onClick={onAgain} data-testid="ac-import-again">
          {t('ac:result.again')}
        </Button>
        <Button type="primary" onClick={onClose} data-testid="ac-import-close">
          {t('ac:result.close')}
        </Button>
      </Space>
    </div>
  );
}

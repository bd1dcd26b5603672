import { DownOutlined, ExportOutlined, MailOutlined } from '@ant-design/icons';
import { REPORT_KINDS, type ReportKind } from '@rrp/contracts/constants';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadReport, type ReportRequest } from './api';
import { reportName } from './labels';

type Props = {
  /** the report of the open tab; null on the overview, which offers all four */
  report: ReportKind | null;
  req: ReportRequest;
  onSubscribe: () => void;
};

/** Export the report as xlsx (a signed download) and open the subscriptions. */
export function ReportActions({ report, req, onSubscribe }: Props) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);

  const exportReport = async (kind: ReportKind) => {
    setExporting(true);
    try {
      await downloadReport(kind, req);
    } catch {
      /* shown by the http client */
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="report-actions">
      {report ? (
        <Button icon={<ExportOutlined />} loading={exporting} onClick={() => void exportReport(report)} data-testid="report-export">
          {t('reports:action.export')}
        </Button>
      ) : (
        <Dropdown
          trigger={['click']}
          menu={{
            items: REPORT_KINDS.map((k) => ({ key: k, label: reportName(t, k), 'data-testid': `report-export-${k}` })),
            onClick: ({ key }) => void exportReport(key as ReportKind),
          }}
        >
          <Button icon={<ExportOutlined />} loading={exporting} data-testid="report-export">
            {t('reports:action.export')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      <Button icon={<MailOutlined />} onClick={onSubscribe} data-testid="report-subscribe">
        {t('reports:action.subscribe')}
      </Button>
    </div>
  );
}

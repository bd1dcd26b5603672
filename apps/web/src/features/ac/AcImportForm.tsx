import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/access';
import { ApiError, ServerAbnormalError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { AcCodeFormat } from './AcCodeFormat';
import { downloadAcTemplate, type TAcImportResult, useAcLicenseCount, useImportAcs } from './api';
import { AC_FILE_MAX_MB, checkAcFile, countRules } from './rules';

type Values = { count?: string; file?: UploadFile[] };

/** The declared count differs from the rows of the file: said at the count field. */
const COUNT_MISMATCH = 34004;
/** Not enough AC Licenses for the rows: said in the dialog, with where to buy more. */
const LICENSES_SHORT = 34003;
/** Refusals of the file itself (missing, wrong format, too many rows), as the device import: said at the file field. */
const FILE_ERRORS: ReadonlySet<number> = new Set([23004, 23005, 23006]);

/** The import form: the template, the declared count and the xlsx file; the result goes to onDone. */
export function AcImportForm({ onDone, onCancel }: { onDone: (r: TAcImportResult) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const importAcs = useImportAcs();
  const license = useAcLicenseCount();
  const canBuy = useCan('MERCHANDISE_BUY_LICENSE');
  const [templateBusy, setTemplateBusy] = useState(false);
  const [shortage, setShortage] = useState<string | null>(null);
  const fileProblem = (problem: string) => t(`ac:import.fileProblem.${problem}`, { mb: AC_FILE_MAX_MB });

  /** Empties the picker and shows why next to it (the one place the reason is shown). */
  const refuseFile = (reason: string) => form.setFields([{ name: 'file', value: [], errors: [reason] }]);

  const submit = async (v: Values) => {
    const file = v.file?.[0]?.originFileObj;
    const count = v.count?.trim();
    if (!file || !count) return;
    setShortage(null);
    try {
      onDone(await importAcs.mutateAsync({ count, file, opts: { silent: true } }));
    } catch (err) {
      // each refusal is said once: at its field, in the dialog, or as a message like every other failed call
      if (err instanceof ApiError && err.code === COUNT_MISMATCH) form.setFields([{ name: 'count', errors: [err.message] }]);
      else if (err instanceof ApiError && FILE_ERRORS.has(err.code)) refuseFile(err.message);
      else if (err instanceof ApiError && err.code === LICENSES_SHORT) setShortage(err.message);
      else if (err instanceof ApiError || err instanceof ServerAbnormalError) toast.error(err.message);
    }
  };

  const getTemplate = async () => {
    setTemplateBusy(true);
    try {
      await downloadAcTemplate();
    } catch {
      /* shown by the http client */
    } finally {
      setTemplateBusy(false);
    }
  };

  const available = license.data?.available;
  return (
    <Form<Values> form={form} layout="vertical" name="ac-import" className="ac-import-form" onFinish={(v) => void submit(v)} requiredMark>
      <div className="ac-import-template">
        <Typography.Text type="secondary">{t('ac:import.templateHint')}</Typography.Text>
        <Button icon={<DownloadOutlined />} loading={templateBusy} onClick={() => void getTemplate()} data-testid="ac-import-template">
          {t('ac:import.template')}
        </Button>
      </div>
      {available !== undefined && (
        <Typography.Paragraph type="secondary" data-testid="ac-import-available">
          {t('ac:import.available', { n: new Intl.NumberFormat(i18n.language).format(available) })}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="count"
        label={t('ac:import.count')}
        extra={t('ac:import.countHint')}
        rules={[{ required: true, message: t('ac:import.countProblem.required') }, ...countRules(t)]}
        validateFirst
      >
        <Input maxLength={6} inputMode="numeric" autoComplete="off" placeholder="000120" className="ac-import-count" data-testid="ac-import-count" />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('ac:import.file')}
        valuePropName="fileList"
        getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
        rules={[
          { required: true, message: t('ac:import.fileRequired') },
          {
            validator: async (_rule, list: UploadFile[] | undefined) => {
              const f = list?.[0];
              if (!f) return;
              const problem = checkAcFile({ name: f.name, size: f.size ?? f.originFileObj?.size ?? 0 });
              if (problem) throw new Error(fileProblem(problem));
            },
          },
        ]}
      >
        <Upload.Dragger
          data-testid="ac-import-file"
          accept=".xlsx"
          maxCount={1}
          multiple={false}
          beforeUpload={(file) => {
            const problem = checkAcFile(file);
            if (!problem) return false; // kept, sent on submit
            refuseFile(fileProblem(problem));
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('ac:import.fileDrag')}</p>
          <p className="ant-upload-hint">{t('ac:import.fileAccept', { mb: AC_FILE_MAX_MB })}</p>
        </Upload.Dragger>
      </Form.Item>
      <ul className="ac-import-rules" data-testid="ac-import-rules">
        <li>{t('ac:import.rule.rows')}</li>
        <li>
          <AcCodeFormat />
        </li>
        <li>{t('ac:import.rule.device')}</li>
        <li>{t('ac:import.rule.iccid')}</li>
        <li>{t('ac:import.rule.license')}</li>
      </ul>
      {shortage && (
        <Alert
          type="error"
          showIcon
          className="ac-import-shortage"
          data-testid="ac-import-shortage"
          title={shortage}
          description={
            canBuy ? (
              <Link to="/ac-download" onClick={onCancel}>
                {t('ac:license.buy')}
              </Link>
            ) : (
              t('ac:license.askAdmin')
            )
          }
        />
      )}
      <Space wrap className="ac-import-buttons">
        <Button onClick={onCancel}>{t('common:action.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={importAcs.isPending} data-testid="ac-import-submit">
          {importAcs.isPending ? t('ac:import.uploading') : t('ac:import.submit')}
        </Button>
      </Space>
    </Form>
  );
}

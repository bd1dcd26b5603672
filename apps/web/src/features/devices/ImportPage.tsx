import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Select, Space, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, ServerAbnormalError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { deviceKeys, downloadTemplate, startImport, type TImportTask } from './api';
import { ImportProgress } from './ImportProgress';
import { LicenseCard } from './LicenseCard';
import { checkImportFile, IMPORT_FILE_MAX_BYTES } from './rules';
import './devices.css';
import { REGIONS } from '@rrp/contracts/constants';

type Values = { region?: string; file?: UploadFile[] };

/** Refusals of the file itself (missing, wrong format, too many rows): shown at the file field. */
const FILE_ERRORS: ReadonlySet<number> = new Set([23004, 23005, 23006]);

/** Batch import: region, one .xlsx file, then the task's progress and result. */
export default function ImportPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);
  const [task, setTask] = useState<TImportTask | null>(null);

  const submit = async (values: Values) => {
    const file = values.file?.[0]?.originFileObj;
    if (!values.region || !file) return;
    setSubmitting(true);
    try {
      const started = await startImport(values.region, file, { silent: true });
      setTask(started);
      void qc.invalidateQueries({ queryKey: deviceKeys.license });
    } catch (err) {
      // a refused file is reported once, next to the file field, and leaves the picker;
      // anything else as a message like every other failed call
      if (err instanceof ApiError && FILE_ERRORS.has(err.code)) refuseFile(err.message);
      else if (err instanceof ApiError || err instanceof ServerAbnormalError) toast.error(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  /** Empties the picker and shows why next to it (the one place the reason is shown). */
  const refuseFile = (reason: string) => form.setFields([{ name: 'file', value: [], errors: [reason] }]);

  const getTemplate = async () => {
    setTemplateBusy(true);
    try {
      await downloadTemplate();
    } catch {
      /* shown by the http client */
    } finally {
      setTemplateBusy(false);
    }
  };

  const reset = () => {
    setTask(null);
    form.resetFields();
    void qc.invalidateQueries({ queryKey: deviceKeys.license });
  };

  return (
    <Space orientation="vertical" size={16} className="full-width">
      <LicenseCard />
      <Card
        variant="borderless"
        className="devices-card"
        title={t('devices:import.title')}
        extra={
          <Space wrap>
            <Button icon={<DownloadOutlined />} loading={templateBusy} onClick={() => void getTemplate()} data-testid="import-template">
              {t('devices:import.template')}
            </Button>
            <Link to="/device-logs">{t('devices:import.viewLog')}</Link>
          </Space>
        }
      >
        {task ? (
          <ImportProgress initial={task} onAgain={reset} />
        ) : (
          <Form form={form} layout="vertical" className="devices-import-form" onFinish={(v) => void submit(v)} requiredMark>
            <Form.Item name="region" label={t('devices:import.region')} rules={[{ required: true, message: t('devices:import.regionRequired') }]}>
              <Select
                data-testid="import-region"
                placeholder={t('devices:import.regionPlaceholder')}
                options={REGIONS.map((r) => ({ value: r, label: t(`devices:region.${r}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="file"
              label={t('devices:import.file')}
              valuePropName="fileList"
              getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
              extra={t('devices:import.fileHint', { mb: IMPORT_FILE_MAX_BYTES / 1024 / 1024 })}
              rules={[
                { required: true, message: t('devices:import.fileRequired') },
                {
                  validator: async (_rule, list: UploadFile[] | undefined) => {
                    const f = list?.[0];
                    if (!f) return;
                    const problem = checkImportFile({ name: f.name, size: f.size ?? f.originFileObj?.size ?? 0 });
                    if (problem) throw new Error(t(`devices:import.fileProblem.${problem}`, { mb: IMPORT_FILE_MAX_BYTES / 1024 / 1024 }));
                  },
                },
              ]}
            >
              <Upload.Dragger
                data-testid="import-file"
                accept=".xlsx"
                maxCount={1}
                multiple={false}
                beforeUpload={(file) => {
                  const problem = checkImportFile(file);
                  if (!problem) return false; // kept, sent on submit
                  refuseFile(t(`devices:import.fileProblem.${problem}`, { mb: IMPORT_FILE_MAX_BYTES / 1024 / 1024 }));
                  return Upload.LIST_IGNORE;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('devices:import.fileDrag')}</p>
                <p className="ant-upload-hint">{t('devices:import.fileAccept')}</p>
              </Upload.Dragger>
            </Form.Item>
            <Typography.Paragraph type="secondary">{t('devices:import.rules')}</Typography.Paragraph>
            <Button type="primary" htmlType="submit" loading={submitting} data-testid="import-submit">
              {submitting ? t('devices:import.uploading') : t('devices:import.submit')}
            </Button>
          </Form>
        )}
      </Card>
    </Space>
  );
}

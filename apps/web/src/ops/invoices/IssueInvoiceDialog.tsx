import { UploadOutlined } from '@ant-design/icons';
import type { TInvoiceDetail } from '@rrp/contracts';
import { INVOICE_LIMITS } from '@rrp/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, type ButtonProps, DatePicker, Form, Input, Modal, Typography, Upload, type UploadFile } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../features/orders/money';
import dayjs from '../../lib/dayjs';
import { ApiError, ServerAbnormalError } from '../../lib/http';
import { UserText } from '../../lib/UserText';
import { issueInvoice, OPS_INVOICES_KEY } from './api';
import { INVOICE_FILE_ACCEPT, INVOICE_FILE_MAX_MB, INVOICE_NO_RE, invoiceDateProblem, invoiceFileProblem } from './issueRules';

type Values = { invoiceNo: string; invoiceDate: Dayjs | null; file?: UploadFile[]; trackingNote?: string };

/** Refusals of the file itself (not a PDF/OFD by content, too large, missing): shown at the file field. */
const FILE_ERRORS: ReadonlySet<number> = new Set([31008, 31009, 31013]);
/** The application was handled or removed meanwhile: the lists are out of date. */
const STALE_ERRORS: ReadonlySet<number> = new Set([31003, 31007]);

/**
 * Recording the invoice issued on the tax platform: its number and date, and the invoice file
 * (required for an electronic ordinary invoice) or the courier and tracking number (required for
 * a paper special one). Sent as one signed multipart request; a refusal is shown in the dialog.
 */
export function IssueInvoiceDialog({ invoice, onClose }: { invoice: TInvoiceDetail | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const special = invoice?.type === 'special';
  const fileProblemText = (p: string) => t(`ops:invoices.issue.file_${p}`, { mb: INVOICE_FILE_MAX_MB });
  const refuseFile = (reason: string) => form.setFields([{ name: 'file', value: [], errors: [reason] }]);

  const submit = async () => {
    if (!invoice) return;
    setServerError(null);
    const v = await form.validateFields().catch(() => null);
    if (!v?.invoiceDate) return;
    const file = v.file?.[0]?.originFileObj ?? null;
    setBusy(true);
    try {
      await issueInvoice(
        {
          id: invoice.id,
          invoiceNo: v.invoiceNo.trim(),
          invoiceDate: v.invoiceDate.format('YYYY-MM-DD'),
          trackingNote: special ? v.trackingNote?.trim() : undefined,
        },
        file,
        { silent: true },
      );
      onClose();
      await qc.invalidateQueries({ queryKey: OPS_INVOICES_KEY });
      void message.success(t('ops:invoices.issue.done'));
    } catch (err) {
      if (err instanceof ApiError && FILE_ERRORS.has(err.code)) refuseFile(err.message);
      else if (err instanceof ApiError || err instanceof ServerAbnormalError) setServerError(err.message);
      if (err instanceof ApiError && STALE_ERRORS.has(err.code)) void qc.invalidateQueries({ queryKey: OPS_INVOICES_KEY });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!invoice}
      title={t('ops:invoices.issue.title', { ticketNo: invoice?.ticketNo ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('ops:invoices.issue.submit')}
      okButtonProps={{ loading: busy, 'data-testid': 'ops-invoice-issue-submit' } as ButtonProps}
      cancelText={t('common:action.cancel')}
      mask={{ closable: false }}
      destroyOnHidden
      afterClose={() => setServerError(null)}
    >
      {invoice && (
        <>
          <Typography.Paragraph data-testid="ops-invoice-issue-summary">
            {t(`invoices:type.${invoice.type}`)}
            {t('common:colon')}
            <UserText className="break-all">{invoice.title.title}</UserText>
            {' · '}
            {t('ops:invoices.field.total')} {formatYuan(invoice.total, i18n.language)}
          </Typography.Paragraph>
          {serverError && <Alert type="error" showIcon title={serverError} className="ops-invoice-alert" data-testid="ops-invoice-issue-error" />}
          <Form form={form} layout="vertical" preserve={false} initialValues={{ invoiceDate: dayjs(), file: [] }} requiredMark>
            <Form.Item
              name="invoiceNo"
              label={t('ops:invoices.field.invoiceNo')}
              rules={[
                { required: true, whitespace: true, message: t('ops:invoices.issue.invoiceNoRequired') },
                { max: INVOICE_LIMITS.invoiceNoMax, message: t('ops:tooLong', { max: INVOICE_LIMITS.invoiceNoMax }) },
                {
                  validator: async (_r, value: string | undefined) => {
                    if (value?.trim() && !INVOICE_NO_RE.test(value.trim())) throw new Error(t('ops:invoices.issue.invoiceNoFormat'));
                  },
                },
              ]}
            >
              <Input maxLength={INVOICE_LIMITS.invoiceNoMax} autoComplete="off" data-testid="ops-invoice-no" />
            </Form.Item>
            <Form.Item
              name="invoiceDate"
              label={t('ops:invoices.field.invoiceDate')}
              extra={t('ops:invoices.issue.invoiceDateHint')}
              rules={[
                { required: true, message: t('ops:invoices.issue.invoiceDateRequired') },
                {
                  validator: async (_r, value: Dayjs | null | undefined) => {
                    const problem = value ? invoiceDateProblem(value, invoice.appliedAt) : null;
                    if (problem) throw new Error(t(`ops:invoices.issue.invoiceDate_${problem}`));
                  },
                },
              ]}
            >
              <DatePicker
                className="full-width"
                disabledDate={(d) => invoiceDateProblem(d, invoice.appliedAt) !== null}
                allowClear={false}
                data-testid="ops-invoice-date"
              />
            </Form.Item>
            <Form.Item
              name="file"
              label={t('ops:invoices.field.file')}
              valuePropName="fileList"
              getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
              extra={t(special ? 'ops:invoices.issue.fileHintSpecial' : 'ops:invoices.issue.fileHint', { mb: INVOICE_FILE_MAX_MB })}
              rules={[
                // an electronic invoice is its file; a paper one may come with a scan
                ...(special ? [] : [{ required: true, message: t('ops:invoices.issue.fileRequired') }]),
                {
                  validator: async (_r, list: UploadFile[] | undefined) => {
                    const f = list?.[0];
                    const problem = f ? invoiceFileProblem({ name: f.name, size: f.size ?? f.originFileObj?.size ?? 0 }) : null;
                    if (problem) throw new Error(fileProblemText(problem));
                  },
                },
              ]}
            >
              <Upload
                accept={INVOICE_FILE_ACCEPT}
                maxCount={1}
                multiple={false}
                beforeUpload={(file) => {
                  const problem = invoiceFileProblem(file);
                  if (!problem) return false; // kept, sent with the form
                  refuseFile(fileProblemText(problem));
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="ops-invoice-file">
                  {t('ops:invoices.issue.chooseFile')}
                </Button>
              </Upload>
            </Form.Item>
            {special && (
              <>
                <Typography.Paragraph type="secondary" data-testid="ops-invoice-send-to">
                  {t('ops:invoices.issue.sendTo')}
                  {t('common:colon')}
                  <UserText className="break-all">
                    {[invoice.recipient.name, invoice.recipient.phone, invoice.recipient.address].filter(Boolean).join(' · ')}
                  </UserText>
                </Typography.Paragraph>
                <Form.Item
                  name="trackingNote"
                  label={t('ops:invoices.field.trackingNote')}
                  extra={t('ops:invoices.issue.trackingNoteHint')}
                  rules={[
                    { required: true, whitespace: true, message: t('ops:invoices.issue.trackingNoteRequired') },
                    { max: INVOICE_LIMITS.trackingNoteMax, message: t('ops:tooLong', { max: INVOICE_LIMITS.trackingNoteMax }) },
                  ]}
                >
                  <Input.TextArea rows={2} showCount maxLength={INVOICE_LIMITS.trackingNoteMax} data-testid="ops-invoice-tracking" />
                </Form.Item>
              </>
            )}
          </Form>
        </>
      )}
    </Modal>
  );
}

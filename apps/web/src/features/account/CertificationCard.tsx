import { UploadOutlined } from '@ant-design/icons';
import type { TCertification } from '@rrp/contracts';
import { DEVICE_QUANTITIES, EMAIL_RE, isFreeMail, LIMITS, PHONE_RE } from '@rrp/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Select, Skeleton, Space, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, upload } from '../../lib/api';
import { formatUtc } from '../../lib/format';
import { SignedImage } from '../../lib/SignedImage';
import { toast } from '../../lib/toast';
import { UserText } from '../../lib/UserText';
import { CertificationTag } from './CertificationTag';
import { imageProblem } from './certification';

type Values = {
  companyName: string;
  address: string;
  website?: string;
  deviceQuantity: string;
  licenseNo: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
};

export const certificationKey = ['account', 'certification'] as const;

/** Company certification: its state, the latest submission, and the form (first time, or again after a rejection). */
export function CertificationCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const cert = useQuery({ queryKey: certificationKey, queryFn: () => api('POST /rrp/company/certification/query') });
  const [editing, setEditing] = useState(false);

  const state = cert.data?.state;
  const submission = cert.data?.submission ?? null;
  let body: ReactNode;
  if (cert.isPending) body = <Skeleton active />;
  else if (cert.isError || !cert.data)
    body = (
      <Result status="warning" title={t('account:cert.loadFailed')} extra={<Button onClick={() => void cert.refetch()}>{t('common:action.retry')}</Button>} />
    );
  else if (editing || state === 'none')
    body = (
      <CertificationForm
        initial={submission}
        onDone={() => {
          setEditing(false);
          void client.invalidateQueries({ queryKey: certificationKey });
          void client.invalidateQueries({ queryKey: ['account'] });
        }}
        onCancel={state === 'none' ? undefined : () => setEditing(false)}
      />
    );
  else
    body = (
      <Space orientation="vertical" size={16} className="full-width">
        {state === 'review' && <Alert type="info" showIcon title={t('account:cert.underReview')} />}
        {state === 'verified' && <Alert type="success" showIcon title={t('account:cert.verifiedNote')} />}
        {state === 'rejected' && (
          <Alert
            type="error"
            showIcon
            title={t('account:cert.rejectedTitle')}
            description={<span data-testid="cert-reason">{submission?.rejectReason}</span>}
            action={
              <Button type="primary" onClick={() => setEditing(true)} data-testid="cert-resubmit">
                {t('account:cert.resubmit')}
              </Button>
            }
          />
        )}
        {submission && <SubmissionView s={submission} />}
      </Space>
    );

  return (
    <Card
      id="certification"
      variant="borderless"
      title={
        <Space>
          {t('account:cert.title')}
          {state && (
            <span data-testid="cert-state" data-state={state}>
              <CertificationTag status={state} />
            </span>
          )}
        </Space>
      }
    >
      {body}
    </Card>
  );
}

function SubmissionView({ s }: { s: NonNullable<TCertification['submission']> }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
      <Descriptions.Item label={t('account:cert.companyName')}>
        <UserText>{s.companyName}</UserText>
      </Descriptions.Item>
      <Descriptions.Item label={t('account:cert.licenseNo')}>
        <UserText>{s.licenseNo}</UserText>
      </Descriptions.Item>
      <Descriptions.Item label={t('account:cert.address')} span={{ xs: 1, md: 2 }}>
        <Typography.Text style={{ wordBreak: 'break-all' }} translate="no">
          {s.address}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('account:cert.website')}>{s.website ? <UserText>{s.website}</UserText> : '—'}</Descriptions.Item>
      <Descriptions.Item label={t('account:cert.deviceQuantity')}>{t(`account:quantity.${s.deviceQuantity}`)}</Descriptions.Item>
      <Descriptions.Item label={t('account:cert.contactName')}>
        <UserText>{s.contactName}</UserText>
      </Descriptions.Item>
      <Descriptions.Item label={t('account:cert.contactPhone')}>
        <UserText>{s.contactPhone}</UserText>
      </Descriptions.Item>
      <Descriptions.Item label={t('account:cert.contactEmail')}>
        <UserText>{s.contactEmail}</UserText>
      </Descriptions.Item>
      <Descriptions.Item label={t('account:cert.submittedAt')}>{formatUtc(s.submittedAt)} UTC</Descriptions.Item>
      <Descriptions.Item label={t('account:cert.image')} span={{ xs: 1, md: 2 }}>
        <SignedImage endpoint="GET /rrp/company/certification/image" alt={t('account:cert.image')} empty={t('account:cert.noImage')} />
      </Descriptions.Item>
    </Descriptions>
  );
}

function CertificationForm({ initial, onDone, onCancel }: { initial: TCertification['submission']; onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (v: Values) => {
    if (!file) {
      setFileError(t('account:cert.imageRequired'));
      return;
    }
    setSending(true);
    try {
      await upload(
        'POST /rrp/company/certification/submit',
        {
          companyName: v.companyName.trim(),
          address: v.address.trim(),
          website: v.website?.trim() ?? '',
          deviceQuantity: v.deviceQuantity as never,
          licenseNo: v.licenseNo.trim(),
          contactName: v.contactName.trim(),
          contactPhone: v.contactPhone.trim(),
          contactEmail: v.contactEmail.trim(),
        },
        { image: file },
      );
      toast.success(t('account:cert.submitted'));
      onDone();
    } catch {
      /* shown by the http client */
    } finally {
      setSending(false);
    }
  };

  const required = (key: string) => ({ required: true, whitespace: true, message: t('account:cert.required', { field: t(`account:cert.${key}`) }) });
  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={initial ?? { deviceQuantity: undefined }} className="cert-form">
      <Alert type="info" showIcon title={t('account:cert.intro')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="companyName"
        label={t('account:cert.companyName')}
        rules={[required('companyName'), { max: LIMITS.companyNameMax, message: t('account:cert.tooLong', { max: LIMITS.companyNameMax }) }]}
      >
        <Input data-testid="cert-companyName" />
      </Form.Item>
      <Form.Item
        name="address"
        label={t('account:cert.address')}
        rules={[required('address'), { max: LIMITS.companyAddressMax, message: t('account:cert.tooLong', { max: LIMITS.companyAddressMax }) }]}
      >
        <Input data-testid="cert-address" />
      </Form.Item>
      <Form.Item name="website" label={t('account:cert.website')} rules={[{ type: 'url', message: t('account:cert.websiteFormat') }]}>
        <Input data-testid="cert-website" placeholder="https://" />
      </Form.Item>
      <Form.Item
        name="deviceQuantity"
        label={t('account:cert.deviceQuantity')}
        rules={[{ required: true, message: t('account:cert.required', { field: t('account:cert.deviceQuantity') }) }]}
      >
        <Select
          data-testid="cert-deviceQuantity"
          aria-label={t('account:cert.deviceQuantity')}
          options={DEVICE_QUANTITIES.map((q) => ({ value: q, label: t(`account:quantity.${q}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="licenseNo"
        label={t('account:cert.licenseNo')}
        rules={[
          required('licenseNo'),
          { pattern: /^[0-9A-Za-z]+$/, message: t('account:cert.licenseNoFormat') },
          { max: LIMITS.licenseNoMax, message: t('account:cert.tooLong', { max: LIMITS.licenseNoMax }) },
        ]}
      >
        <Input data-testid="cert-licenseNo" />
      </Form.Item>
      <Form.Item label={t('account:cert.image')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? t('account:cert.imageHint')}>
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          maxCount={1}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            const problem = imageProblem(f);
            setFileError(problem ? t(`account:cert.image_${problem}`) : null);
            setFile(problem ? null : f);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />} data-testid="cert-image">
            {t('account:cert.chooseImage')}
          </Button>
        </Upload>
      </Form.Item>
      <Form.Item
        name="contactName"
        label={t('account:cert.contactName')}
        rules={[required('contactName'), { max: LIMITS.contactNameMax, message: t('account:cert.tooLong', { max: LIMITS.contactNameMax }) }]}
      >
        <Input data-testid="cert-contactName" />
      </Form.Item>
      <Form.Item
        name="contactPhone"
        label={t('account:cert.contactPhone')}
        rules={[required('contactPhone'), { pattern: PHONE_RE, message: t('account:cert.phoneFormat') }]}
      >
        <Input data-testid="cert-contactPhone" inputMode="tel" />
      </Form.Item>
      <Form.Item
        name="contactEmail"
        label={t('account:cert.contactEmail')}
        rules={[
          required('contactEmail'),
          { pattern: EMAIL_RE, message: t('account:cert.emailFormat') },
          { validator: (_, v?: string) => (v && isFreeMail(v) ? Promise.reject(new Error(t('account:cert.freeMail'))) : Promise.resolve()) },
        ]}
      >
        <Input data-testid="cert-contactEmail" type="email" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={sending} data-testid="cert-submit">
          {t('account:cert.submit')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('common:action.cancel')}</Button>}
      </Space>
    </Form>
  );
}

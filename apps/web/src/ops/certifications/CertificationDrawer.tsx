import { LIMITS } from '@rrp/contracts/constants';
import type { ButtonProps } from 'antd';
import { App, Button, Descriptions, Drawer, Empty, Form, Input, Modal, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { SignedImage } from '../../lib/SignedImage';
import { UserText } from '../../lib/UserText';
import { useCertificationDecision, useCertificationDetail } from './api';

const COLOR = { none: 'default', review: 'processing', verified: 'success', rejected: 'error' } as const;

/** One submission: every field and the licence image; approve it, or reject it with a reason. */
export function CertificationDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const detail = useCertificationDetail(id);
  const decision = useCertificationDecision();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const c = detail.data;

  const done = (text: string) => void message.success(text);
  const approve = async () => {
    setBusy(true);
    try {
      await decision.approve.mutateAsync(id ?? '');
      done(t('ops:cert.approved'));
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };
  const reject = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    setBusy(true);
    try {
      await decision.reject.mutateAsync({ id: id ?? '', reason: reason.trim() });
      setRejecting(false);
      done(t('ops:cert.rejected'));
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size="large"
      title={t('ops:cert.detail')}
      destroyOnHidden
      extra={
        c?.state === 'review' && (
          <Space>
            <Button danger onClick={() => (form.resetFields(), setRejecting(true))} data-testid="ops-reject">
              {t('ops:cert.reject')}
            </Button>
            <Popconfirm
              title={t('ops:cert.approveConfirm', { name: c.companyName })}
              description={t('ops:cert.approveHint')}
              onConfirm={approve}
              okText={t('common:action.ok')}
              cancelText={t('common:action.cancel')}
            >
              <Button type="primary" loading={busy} data-testid="ops-approve">
                {t('ops:cert.approve')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {detail.isLoading && <Skeleton active />}
      {detail.isError && <Empty description={t('common:systemError')} />}
      {c && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('ops:cert.stateLabel')}>
            <Tag color={COLOR[c.state]} data-testid="ops-cert-state">
              {t(`ops:cert.state.${c.state}`)}
            </Tag>
          </Descriptions.Item>
          {c.rejectReason && <Descriptions.Item label={t('ops:cert.reason')}>{c.rejectReason}</Descriptions.Item>}
          <Descriptions.Item label={t('ops:cert.company')}>
            <Typography.Text style={{ wordBreak: 'break-all' }}>
              <UserText>{c.companyName}</UserText>
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('ops:cert.currentName')}>{c.currentCompanyName}</Descriptions.Item>
          <Descriptions.Item label={t('ops:cert.address')}>{c.address}</Descriptions.Item>
          <Descriptions.Item label={t('ops:cert.website')}>{c.website || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('ops:cert.deviceQuantity')}>{t(`account:quantity.${c.deviceQuantity}`)}</Descriptions.Item>
          <Descriptions.Item label={t('ops:cert.licenseNo')}>
            <UserText>{c.licenseNo}</UserText>
          </Descriptions.Item>
          <Descriptions.Item label={t('ops:cert.contact')}>
            <UserText>{c.contactName}</UserText>
          </Descriptions.Item>
          <Descriptions.Item label={t('ops:cert.phone')}>{c.contactPhone}</Descriptions.Item>
          <Descriptions.Item label={t('ops:cert.email')}>{c.contactEmail}</Descriptions.Item>
          <Descriptions.Item label={t('ops:cert.submittedAt')}>
            {formatUtc(c.submittedAt)} UTC{c.submittedBy ? ` · ${c.submittedBy}` : ''}
          </Descriptions.Item>
          {c.reviewedAt && (
            <Descriptions.Item label={t('ops:cert.reviewedAt')}>
              {formatUtc(c.reviewedAt)} UTC{c.reviewedBy ? ` · ${c.reviewedBy}` : ''}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('ops:cert.image')}>
            <SignedImage endpoint="GET /ops/certification/image/:id" params={{ id: c.id }} alt={t('ops:cert.image')} empty={t('ops:cert.noImage')} />
          </Descriptions.Item>
        </Descriptions>
      )}
      <Modal
        open={rejecting}
        title={t('ops:cert.rejectTitle')}
        onCancel={() => setRejecting(false)}
        onOk={() => void reject()}
        okText={t('ops:cert.reject')}
        okButtonProps={{ danger: true, loading: busy, 'data-testid': 'ops-reject-confirm' } as ButtonProps}
        cancelText={t('common:action.cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('ops:cert.reason')}
            extra={t('ops:cert.reasonHint')}
            rules={[
              { required: true, whitespace: true, message: t('ops:cert.reasonRequired') },
              { max: LIMITS.rejectReasonMax, message: t('ops:tooLong', { max: LIMITS.rejectReasonMax }) },
            ]}
          >
            <Input.TextArea rows={4} showCount maxLength={LIMITS.rejectReasonMax} data-testid="ops-reject-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}

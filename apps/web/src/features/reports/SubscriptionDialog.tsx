import {
  REPORT_FREQUENCIES,
  REPORT_KINDS,
  REPORT_LIMITS,
  REPORT_PERIODS,
  type ReportFrequency,
  type ReportKind,
  type ReportPeriod,
} from '@rrp/contracts/constants';
import { App, Button, type ButtonProps, Empty, Form, Modal, Select, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmButton } from '../../lib/DeleteConfirmButton';
import { formatUtc } from '../../lib/format';
import { ApiError } from '../../lib/http';
import { UserText } from '../../lib/UserText';
import { type SubscriptionAdd, type TReportSubscription, useAddSubscription, useDeleteSubscription, useSubscriptions } from './api';
import { frequencyName, periodName, reportName } from './labels';

/** The member already subscribes to this report (same report, period and company): said at the report field. */
export const ALREADY_SUBSCRIBED = 37002;

type Values = { report: ReportKind; frequency: ReportFrequency; period: ReportPeriod };

type Props = {
  open: boolean;
  onClose: () => void;
  /** what the page shows now: the form starts from it */
  report: ReportKind;
  period: ReportPeriod;
  companyId: string | undefined;
};

/** The body of a subscription: the form's choices and the company the page shows (none: the caller's own). */
export const subscriptionBody = (v: Values, companyId: string | undefined): SubscriptionAdd => ({
  report: v.report,
  frequency: v.frequency,
  period: v.period,
  ...(companyId ? { companyId } : {}),
});

function SubscriptionItem({ s }: { s: TReportSubscription }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteSubscription();
  const name = t('reports:subscribe.itemName', { report: reportName(t, s.report), period: periodName(t, s.period) });
  return (
    <li className="report-subscription" data-testid={`subscription-${s.id}`}>
      <div className="report-subscription-text">
        <div className="report-subscription-name">{name}</div>
        <div className="report-subscription-detail">
          {t('reports:subscribe.itemDetail', { frequency: frequencyName(t, s.frequency), email: s.email })} · <UserText>{s.companyName}</UserText>
        </div>
        <div className="report-subscription-detail">{t('reports:subscribe.next', { time: formatUtc(s.nextRunAt, 'YYYY-MM-DD HH:mm') })}</div>
      </div>
      <DeleteConfirmButton
        title={t('reports:subscribe.deleteTitle')}
        hint={t('reports:subscribe.deleteHint')}
        label={t('reports:subscribe.delete')}
        ariaLabel={t('reports:subscribe.deleteAria', { name })}
        testId={`subscription-delete-${s.id}`}
        okTestId={`subscription-delete-ok-${s.id}`}
        onConfirm={() =>
          void remove
            .mutateAsync(s.id)
            .then(() => message.success(t('reports:subscribe.deleted')))
            .catch(() => undefined)
        }
      />
    </li>
  );
}

/** Subscribe to a report e-mailed as xlsx, and the member's subscriptions with their delete. */
export function SubscriptionDialog({ open, onClose, report, period, companyId }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddSubscription();
  const list = useSubscriptions(open);
  const subs = list.data ?? [];
  const full = subs.length >= REPORT_LIMITS.subscriptionsPerMember;

  useEffect(() => {
    if (open) form.setFieldsValue({ report, period, frequency: 'weekly' });
  }, [open, report, period, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await add.mutateAsync(subscriptionBody(v, companyId));
      void message.success(t('reports:subscribe.added'));
    } catch (err) {
      // the http client shows the server's message; a duplicate is also said at its field
      if (err instanceof ApiError && err.code === ALREADY_SUBSCRIBED) form.setFields([{ name: 'report', errors: [err.message] }]);
    }
  };

  return (
    <Modal
      open={open}
      title={t('reports:subscribe.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:action.close')}</Button>}
      destroyOnHidden
      forceRender
      width={560}
    >
      <Typography.Paragraph type="secondary">{t('reports:subscribe.intro')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" name="report-subscription" className="report-subscribe-form" onFinish={() => void submit()}>
        <Form.Item name="report" label={t('reports:subscribe.report')} rules={[{ required: true }]}>
          <Select<ReportKind> data-testid="subscribe-report" options={REPORT_KINDS.map((k) => ({ value: k, label: reportName(t, k) }))} />
        </Form.Item>
        <Form.Item name="frequency" label={t('reports:subscribe.frequency')} rules={[{ required: true }]}>
          <Select<ReportFrequency> data-testid="subscribe-frequency" options={REPORT_FREQUENCIES.map((f) => ({ value: f, label: frequencyName(t, f) }))} />
        </Form.Item>
        <Form.Item name="period" label={t('reports:subscribe.period')} rules={[{ required: true }]}>
          <Select<ReportPeriod> data-testid="subscribe-period" options={REPORT_PERIODS.map((p) => ({ value: p, label: periodName(t, p) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending} disabled={full} {...({ 'data-testid': 'subscribe-submit' } as ButtonProps)}>
          {t('reports:subscribe.submit')}
        </Button>
        {full && (
          <Typography.Paragraph type="secondary" className="report-note">
            {t('reports:subscribe.full', { max: REPORT_LIMITS.subscriptionsPerMember })}
          </Typography.Paragraph>
        )}
      </Form>
      <h3 className="report-subscriptions-title">{t('reports:subscribe.mine')}</h3>
      <div data-testid="subscription-list">
        {list.isLoading ? (
          <Spin size="small" />
        ) : subs.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports:subscribe.none')} />
        ) : (
          <ul className="report-subscriptions">
            {subs.map((s) => (
              <SubscriptionItem key={s.id} s={s} />
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}

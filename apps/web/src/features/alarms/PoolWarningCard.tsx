import { InfoCircleOutlined } from '@ant-design/icons';
import { ALARM_LIMITS as L } from '@rrp/contracts/constants';
import { Alert, App, Button, Card, Col, Descriptions, Form, InputNumber, Result, Row, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDataText, formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { type PoolWarningUpdate, type TPoolWarning, usePoolWarning, useUpdatePoolWarning } from './api';
import { poolValueRules } from './rules';

type Values = { warningValue?: number | null; alarmValue?: number | null };

const mb = (v: number | null, locale: string) => (v === null ? null : `${new Intl.NumberFormat(locale).format(v)} MB`);

/** The pool the policy watches: its total and what remains. */
function PoolFacts({ pool }: { pool: TPoolWarning }) {
  const { t, i18n } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} className="alarm-pool-facts" data-testid="pool-facts">
      <Descriptions.Item label={t('alarms:pool.payer')}>
        <UserText className="break-all">{pool.payerCompanyName}</UserText>
      </Descriptions.Item>
      <Descriptions.Item label={t('alarms:pool.total')}>{formatDataText(pool.dataTotalMb, i18n.language)}</Descriptions.Item>
      <Descriptions.Item label={t('alarms:pool.remaining')}>
        <span data-testid="pool-remaining">{formatDataText(pool.dataRemainingMb, i18n.language)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The policy of a company billed by its parent: read only, set by the payer. */
function ReadOnlyPolicy({ pool }: { pool: TPoolWarning }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Alert type="info" showIcon className="alarm-gap" title={t('alarms:pool.readOnly', { payer: pool.payerCompanyName })} data-testid="pool-read-only" />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered data-testid="pool-values">
        <Descriptions.Item label={t('alarms:pool.warningValue')}>{mb(pool.warningValue, i18n.language) ?? t('alarms:pool.notSet')}</Descriptions.Item>
        <Descriptions.Item label={t('alarms:pool.alarmValue')}>{mb(pool.alarmValue, i18n.language) ?? t('alarms:pool.notSet')}</Descriptions.Item>
      </Descriptions>
    </>
  );
}

function PolicyForm({ pool }: { pool: TPoolWarning }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdatePoolWarning();

  useEffect(() => {
    form.setFieldsValue({ warningValue: pool.warningValue, alarmValue: pool.alarmValue });
  }, [form, pool.warningValue, pool.alarmValue]);

  const submit = async (v: Values) => {
    try {
      await update.mutateAsync({ warningValue: v.warningValue, alarmValue: v.alarmValue } as PoolWarningUpdate);
      void message.success(t('alarms:pool.saved'));
    } catch {
      /* the http client shows the server's message */
    }
  };

  const warning = t('alarms:pool.warningValue');
  const alarm = t('alarms:pool.alarmValue');
  return (
    <Form<Values> form={form} layout="vertical" name="pool-warning" onFinish={(v) => void submit(v)} className="alarm-pool-form">
      <Row gutter={16}>
        <Col xs={24} md={12} lg={8}>
          <Form.Item
            name="warningValue"
            label={warning}
            extra={t('alarms:pool.warningHint')}
            dependencies={['alarmValue']}
            rules={[
              ...poolValueRules(t, warning),
              ({ getFieldValue }) => ({
                validator: (_, v: unknown) => {
                  const other = getFieldValue('alarmValue') as unknown;
                  if (typeof v !== 'number' || typeof other !== 'number' || v > other) return Promise.resolve();
                  return Promise.reject(new Error(t('alarms:validation.warningAboveAlarm')));
                },
              }),
            ]}
          >
            <InputNumber className="full-width" suffix="MB" inputMode="numeric" data-testid="pool-warning-value" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item name="alarmValue" label={alarm} extra={t('alarms:pool.alarmHint')} rules={poolValueRules(t, alarm)}>
            <InputNumber className="full-width" suffix="MB" inputMode="numeric" data-testid="pool-alarm-value" />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="pool-save">
        {t('alarms:pool.save')}
      </Button>
    </Form>
  );
}

/** Data pool warning policy (spec sections 3 and 5): a warning as the remaining pool falls, then an alarm. */
export function PoolWarningCard() {
  const { t } = useTranslation();
  const pool = usePoolWarning();
  const body = () => {
    if (pool.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
    if (pool.isError || !pool.data)
      return (
        <Result status="warning" title={t('alarms:pool.loadFailed')} extra={<Button onClick={() => void pool.refetch()}>{t('common:action.retry')}</Button>} />
      );
    const p = pool.data;
    return (
      <>
        <PoolFacts pool={p} />
        <Typography.Paragraph type="secondary" className="alarm-note">
          <InfoCircleOutlined aria-hidden /> {t('alarms:pool.explain', { min: L.poolValueMin, max: new Intl.NumberFormat('en-US').format(L.poolValueMax) })}
        </Typography.Paragraph>
        {p.editable ? <PolicyForm pool={p} /> : <ReadOnlyPolicy pool={p} />}
        {p.updatedAt && (
          <Typography.Paragraph type="secondary" className="alarm-updated">
            {t('alarms:pool.updatedAt', { time: formatUtc(p.updatedAt, 'YYYY-MM-DD HH:mm') })}
          </Typography.Paragraph>
        )}
      </>
    );
  };
  return (
    <Card variant="borderless" title={t('alarms:pool.title')} className="alarm-card" data-testid="pool-card">
      {body()}
    </Card>
  );
}

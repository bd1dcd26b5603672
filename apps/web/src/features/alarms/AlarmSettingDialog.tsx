import { ALARM_PERIODS, ALARM_SCOPES, ALARM_THRESHOLD_TYPES, ALARM_LIMITS as L } from '@rrp/contracts/constants';
import { App, type ButtonProps, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../devices/api';
import { groupLabel } from '../devices/labels';
import type { AlarmPeriod, AlarmScope, AlarmSettingSave, TAlarmSetting } from './api';
import { useSaveAlarmSetting } from './api';
import { RecommendHint } from './RecommendHint';
import { emailsRules, splitEmails, thresholdRules } from './rules';

type Values = {
  name: string;
  scope: AlarmScope;
  groupId?: string;
  thresholdType: TAlarmSetting['thresholdType'];
  period: AlarmPeriod;
  on: boolean;
  emails: string;
  threshold?: number | null;
  urgentThreshold?: number | null;
};

const EMPTY: Values = { name: '', scope: 'all', thresholdType: 'device_flow', period: 'day', on: true, emails: '', threshold: null, urgentThreshold: null };

/** The body of zAlarmSettingSave from the form's values (trimmed name, the e-mail list tidied). */
export function saveBody(v: Values, id?: string): AlarmSettingSave {
  return {
    ...(id ? { id } : {}),
    name: v.name.trim(),
    scope: v.scope,
    ...(v.scope === 'group' && v.groupId ? { groupId: v.groupId } : {}),
    thresholdType: v.thresholdType,
    period: v.period,
    status: v.on ? 'on' : 'off',
    emails: splitEmails(v.emails).join(','),
    threshold: v.threshold as number,
    urgentThreshold: v.urgentThreshold as number,
  };
}

/** Adds or edits a device alarm setting, checked as the server checks it before it is sent. */
export function AlarmSettingDialog({ open, setting, onClose }: { open: boolean; setting: TAlarmSetting | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveAlarmSetting();
  const groups = useGroups();
  const scope = Form.useWatch('scope', form);
  const groupId = Form.useWatch('groupId', form);
  const period = Form.useWatch('period', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (setting)
      form.setFieldsValue({
        name: setting.name,
        scope: setting.scope,
        groupId: setting.groupId ?? undefined,
        thresholdType: setting.thresholdType,
        period: setting.period,
        on: setting.status === 'on',
        emails: setting.emails,
        threshold: setting.threshold,
        urgentThreshold: setting.urgentThreshold,
      });
  }, [open, setting, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await save.mutateAsync(saveBody(v, setting?.id));
      void message.success(t('alarms:setting.saved'));
      onClose();
    } catch {
      /* the http client shows the server's message */
    }
  };

  const f = (key: string) => t(`alarms:field.${key}`);
  return (
    <Modal
      open={open}
      title={setting ? t('alarms:setting.edit') : t('alarms:setting.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('alarms:setting.save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'setting-submit' } as ButtonProps}
      destroyOnHidden
      forceRender
      width={620}
    >
      <Form<Values> form={form} layout="vertical" name="alarm-setting" initialValues={EMPTY} className="alarm-setting-form">
        <Form.Item
          name="name"
          label={f('name')}
          rules={[
            { required: true, whitespace: true, message: t('alarms:validation.required', { field: f('name') }) },
            { max: L.settingNameMax, message: t('alarms:validation.tooLong', { max: L.settingNameMax }) },
          ]}
        >
          <Input count={{ show: true, max: L.settingNameMax }} data-testid="setting-name" />
        </Form.Item>
        <Form.Item name="scope" label={f('scope')}>
          <Radio.Group
            data-testid="setting-scope"
            options={ALARM_SCOPES.map((s) => ({ value: s, label: t(`alarms:scope.${s}`) }))}
            onChange={() => form.setFieldValue('groupId', undefined)}
          />
        </Form.Item>
        {scope === 'group' && (
          <Form.Item name="groupId" label={f('group')} rules={[{ required: true, message: t('alarms:validation.group') }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={groups.isPending}
              data-testid="setting-group"
              placeholder={t('alarms:setting.pickGroup')}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: groupLabel(t, g) }))}
            />
          </Form.Item>
        )}
        <div className="alarm-form-grid">
          <Form.Item name="thresholdType" label={f('thresholdType')}>
            <Select options={ALARM_THRESHOLD_TYPES.map((x) => ({ value: x, label: t(`alarms:thresholdType.${x}`) }))} data-testid="setting-threshold-type" />
          </Form.Item>
          <Form.Item name="period" label={f('period')} extra={t('alarms:setting.periodHint')}>
            <Select options={ALARM_PERIODS.map((p) => ({ value: p, label: t(`alarms:period.${p}`) }))} data-testid="setting-period" />
          </Form.Item>
        </div>
        <div className="alarm-form-grid">
          <Form.Item name="threshold" label={f('threshold')} rules={thresholdRules(t, f('threshold'))}>
            <InputNumber className="full-width" suffix="MB" inputMode="decimal" data-testid="setting-threshold" />
          </Form.Item>
          <Form.Item
            name="urgentThreshold"
            label={f('urgentThreshold')}
            dependencies={['threshold']}
            extra={t('alarms:setting.urgentHint')}
            rules={[
              ...thresholdRules(t, f('urgentThreshold')),
              ({ getFieldValue }) => ({
                validator: (_, v: unknown) => {
                  const base = getFieldValue('threshold') as unknown;
                  if (typeof v !== 'number' || typeof base !== 'number' || v > base) return Promise.resolve();
                  return Promise.reject(new Error(t('alarms:validation.urgentAboveThreshold')));
                },
              }),
            ]}
          >
            <InputNumber className="full-width" suffix="MB" inputMode="decimal" data-testid="setting-urgent" />
          </Form.Item>
        </div>
        <RecommendHint
          scope={scope}
          groupId={groupId}
          period={period}
          onUse={(value) => {
            form.setFieldValue('threshold', value);
            void form.validateFields(['threshold']).catch(() => null);
          }}
        />
        <Form.Item name="emails" label={f('emails')} extra={t('alarms:setting.emailsHint', { max: L.emailsMax })} rules={emailsRules(t, f('emails'))}>
          <Input.TextArea rows={2} translate="no" inputMode="email" data-testid="setting-emails" />
        </Form.Item>
        <Form.Item name="on" label={f('status')} valuePropName="checked">
          <Switch checkedChildren={t('alarms:status.on')} unCheckedChildren={t('alarms:status.off')} data-testid="setting-status" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

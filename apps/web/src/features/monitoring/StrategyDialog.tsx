import { DeleteOutlined, InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  MONITORING_LIMITS as L,
  QUALITY_DEFAULTS,
  QUALITY_GRADES,
  type QualityGrade,
  STRATEGY_MODES,
  STRATEGY_SWITCH_TO,
  STRATEGY_TYPES,
  type StrategyMode,
  type StrategySwitchTo,
  type StrategyType,
} from '@rrp/contracts/constants';
import { App, Button, type ButtonProps, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http';
import { type StrategySave, type TStrategy, useSaveStrategy } from './api';
import { domainListRules, domainRules, nameRules, normDomain, rangeRules } from './rules';

export type StrategyValues = {
  name: string;
  interval: number | null;
  type: StrategyType;
  domains: string[];
  quality?: QualityGrade;
  packetLoss: number | null;
  delay: number | null;
  jitter: number | null;
  mode: StrategyMode;
  consecutive: number | null;
  switchTo: StrategySwitchTo;
};

const EMPTY: StrategyValues = {
  name: '',
  interval: 5,
  type: 'single',
  domains: [''],
  packetLoss: null,
  delay: null,
  jitter: null,
  mode: 'any',
  consecutive: L.consecutiveDefault,
  switchTo: 'next',
};

/** Duplicate strategy name: said at the name field too. */
const NAME_TAKEN = 33002;

/** The body of zStrategySave from the form's values (name trimmed, domains trimmed and lower-cased). */
export function saveBody(v: StrategyValues, id?: string): StrategySave {
  return {
    ...(id ? { id } : {}),
    name: v.name.trim(),
    interval: v.interval as number,
    type: v.type,
    domains: v.domains.map(normDomain),
    quality: v.quality as QualityGrade,
    packetLoss: v.packetLoss as number,
    delay: v.delay as number,
    jitter: v.jitter as number,
    mode: v.mode,
    consecutive: v.consecutive as number,
    switchTo: v.switchTo,
  };
}

const valuesOf = (s: TStrategy): StrategyValues => ({
  name: s.name,
  interval: s.interval,
  type: s.type,
  domains: s.domains,
  quality: s.quality,
  packetLoss: s.packetLoss,
  delay: s.delay,
  jitter: s.jitter,
  mode: s.mode,
  consecutive: s.consecutive,
  switchTo: s.switchTo,
});

/** Adds or edits a monitoring strategy, checked as the server checks it before it is sent. */
export function StrategyDialog({ open, strategy, onClose }: { open: boolean; strategy: TStrategy | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<StrategyValues>();
  const save = useSaveStrategy();
  const type = Form.useWatch('type', form);
  const quality = Form.useWatch('quality', form);
  const mode = Form.useWatch('mode', form) ?? 'any';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (strategy) form.setFieldsValue(valuesOf(strategy));
  }, [open, strategy, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await save.mutateAsync(saveBody(v, strategy?.id));
      void message.success(t('strategies:form.saved', { name: v.name.trim() }));
      onClose();
    } catch (err) {
      // the http client shows the server's message; a taken name is also said at its field
      if (err instanceof ApiError && err.code === NAME_TAKEN) form.setFields([{ name: 'name', errors: [err.message] }]);
    }
  };

  const onType = (next: StrategyType) => {
    const domains = (form.getFieldValue('domains') as string[] | undefined) ?? [];
    const filled = domains.filter((d) => normDomain(d));
    if (next === 'single') form.setFieldValue('domains', [filled[0] ?? domains[0] ?? '']);
    else form.setFieldValue('domains', [...domains, '', ''].slice(0, Math.max(L.domainsMin, domains.length)));
  };

  const onQuality = (q: QualityGrade) => {
    form.setFieldsValue({ ...QUALITY_DEFAULTS[q] });
    void form.validateFields(['packetLoss', 'delay', 'jitter']).catch(() => null);
  };

  const f = (key: string) => t(`strategies:field.${key}`);
  return (
    <Modal
      open={open}
      title={strategy ? t('strategies:form.editTitle') : t('strategies:form.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('strategies:form.save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'strategy-submit' } as ButtonProps}
      destroyOnHidden
      forceRender
      width={680}
    >
      <Form<StrategyValues> form={form} layout="vertical" name="strategy" initialValues={EMPTY} className="strategy-form">
        <div className="strategy-form-grid">
          <Form.Item name="name" label={f('name')} rules={nameRules(t, f('name'))}>
            <Input count={{ show: true, max: L.nameMax }} data-testid="strategy-name" />
          </Form.Item>
          <Form.Item name="interval" label={f('interval')} rules={rangeRules(t, f('interval'), L.intervalMinMinutes, L.intervalMaxMinutes)}>
            <InputNumber
              className="full-width"
              min={L.intervalMinMinutes}
              max={L.intervalMaxMinutes}
              precision={0}
              suffix={t('strategies:unit.minutes')}
              inputMode="numeric"
              data-testid="strategy-interval"
            />
          </Form.Item>
        </div>
        <Form.Item name="type" label={f('type')}>
          <Radio.Group
            data-testid="strategy-type"
            options={STRATEGY_TYPES.map((x) => ({ value: x, label: t(`strategies:type.${x}`) }))}
            onChange={(e) => onType(e.target.value as StrategyType)}
          />
        </Form.Item>
        <Form.List name="domains" rules={domainListRules(t, () => form.getFieldValue('type') as string | undefined)}>
          {(fields, { add, remove }, { errors }) => (
            <fieldset className="strategy-domains" data-testid="strategy-domains">
              <legend className="strategy-legend">
                {f('domains')}
                <Typography.Text type="secondary" className="strategy-legend-hint">
                  {type === 'multiple'
                    ? t('strategies:form.domainsHintMultiple', { min: L.domainsMin, max: L.domainsMax })
                    : t('strategies:form.domainsHintSingle')}
                </Typography.Text>
              </legend>
              {fields.map((field, i) => (
                <div key={field.key} className="strategy-domain-row">
                  <Form.Item name={field.name} rules={domainRules(t, i)} className="strategy-domain-item" validateFirst>
                    <Input
                      aria-label={t('strategies:form.domainN', { n: i + 1 })}
                      placeholder={t('strategies:form.domainPlaceholder')}
                      maxLength={L.domainMax}
                      translate="no"
                      inputMode="url"
                      autoCapitalize="off"
                      spellCheck={false}
                      data-testid={`strategy-domain-${i}`}
                    />
                  </Form.Item>
                  {type === 'multiple' && fields.length > 1 && (
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('strategies:form.removeDomain', { n: i + 1 })}
                      onClick={() => remove(field.name)}
                      data-testid={`strategy-domain-remove-${i}`}
                    />
                  )}
                </div>
              ))}
              {type === 'multiple' && fields.length < L.domainsMax && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} block data-testid="strategy-domain-add">
                  {t('strategies:form.addDomain')}
                </Button>
              )}
              <Form.ErrorList errors={errors} />
            </fieldset>
          )}
        </Form.List>
        <Form.Item
          name="quality"
          label={f('quality')}
          rules={[{ required: true, message: t('strategies:validation.quality') }]}
          extra={t('strategies:form.qualityHint')}
        >
          <Select
            placeholder={t('strategies:form.qualityPlaceholder')}
            data-testid="strategy-quality"
            options={QUALITY_GRADES.map((q) => ({ value: q, label: t(`strategies:quality.${q}`) }))}
            onChange={(q: QualityGrade) => onQuality(q)}
          />
        </Form.Item>
        <div className="strategy-form-grid strategy-form-grid-3">
          <Form.Item name="packetLoss" label={f('packetLoss')} rules={rangeRules(t, f('packetLoss'), 0, 100, 1)}>
            <InputNumber className="full-width" disabled={!quality} min={0} max={100} inputMode="decimal" data-testid="strategy-loss" />
          </Form.Item>
          <Form.Item name="delay" label={f('delay')} rules={rangeRules(t, f('delay'), 1, L.delayMaxMs)}>
            <InputNumber className="full-width" disabled={!quality} min={1} max={L.delayMaxMs} precision={0} inputMode="numeric" data-testid="strategy-delay" />
          </Form.Item>
          <Form.Item name="jitter" label={f('jitter')} rules={rangeRules(t, f('jitter'), 1, L.jitterMaxMs)}>
            <InputNumber
              className="full-width"
              disabled={!quality}
              min={1}
              max={L.jitterMaxMs}
              precision={0}
              inputMode="numeric"
              data-testid="strategy-jitter"
            />
          </Form.Item>
        </div>
        <Typography.Paragraph type="secondary" className="strategy-source" data-testid="strategy-source">
          <InfoCircleOutlined aria-hidden /> {t('strategies:form.defaultsSource')}
        </Typography.Paragraph>
        <Form.Item name="mode" label={f('mode')} extra={t(`strategies:modeHint.${mode}`)}>
          <Radio.Group data-testid="strategy-mode" options={STRATEGY_MODES.map((m) => ({ value: m, label: t(`strategies:mode.${m}`) }))} />
        </Form.Item>
        <div className="strategy-form-grid">
          <Form.Item
            name="consecutive"
            label={f('consecutive')}
            extra={t('strategies:form.consecutiveHint')}
            rules={rangeRules(t, f('consecutive'), L.consecutiveMin, L.consecutiveMax)}
          >
            <InputNumber
              className="full-width"
              min={L.consecutiveMin}
              max={L.consecutiveMax}
              precision={0}
              inputMode="numeric"
              data-testid="strategy-consecutive"
            />
          </Form.Item>
          <Form.Item name="switchTo" label={f('switchTo')}>
            <Select data-testid="strategy-switch-to" options={STRATEGY_SWITCH_TO.map((x) => ({ value: x, label: t(`strategies:switchTo.${x}`) }))} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

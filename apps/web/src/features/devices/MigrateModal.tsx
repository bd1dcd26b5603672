import { LIMITS } from '@rrp/contracts/constants';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http';
import { useCompanyOptions } from '../company/api';
import { useMigrate } from './api';
import { parseImeiLines } from './rules';

/** Moves devices (one IMEI per line, at most 100) to another company of the account's tree, chosen from that tree. */
export function MigrateModal({ open, onClose, initialImeis = [] }: { open: boolean; onClose: () => void; initialImeis?: string[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const options = useCompanyOptions();
  const migrate = useMigrate();
  const [text, setText] = useState(initialImeis.join('\n'));
  const [companyId, setCompanyId] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const parsed = parseImeiLines(text);
  const imeiProblem =
    parsed.imeis.length === 0
      ? t('devices:migrate.imeiRequired')
      : parsed.tooMany
        ? t('devices:migrate.tooMany', { max: LIMITS.imeisPerOperation })
        : parsed.invalid.length > 0
          ? t('devices:migrate.invalid', { count: parsed.invalid.length, list: parsed.invalid.slice(0, 5).join(', ') })
          : null;
  const companyProblem = !companyId ? t('devices:migrate.companyRequired') : null;

  const submit = async () => {
    setTouched(true);
    setServerError(null);
    if (imeiProblem || companyProblem) return;
    try {
      await migrate.mutateAsync({ imeis: parsed.imeis, companyId });
      void message.success(t('devices:migrate.done', { count: parsed.imeis.length }));
      onClose();
    } catch (err) {
      setServerError(err instanceof ApiError || err instanceof Error ? err.message : t('common:systemError'));
    }
  };

  const companies = (options.data?.list ?? []).map((c) => ({
    value: c.id,
    disabled: c.state === 'disabled',
    label: `${'\u3000'.repeat(c.depth)}${c.name}${c.state === 'disabled' ? ` (${t('company:picker.disabled')})` : ''}`,
  }));

  return (
    <Modal
      open={open}
      title={t('devices:migrate.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('devices:migrate.submit')}
      cancelText={t('common:action.cancel')}
      confirmLoading={migrate.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={t('devices:migrate.imeis')}
          required
          validateStatus={touched && imeiProblem ? 'error' : undefined}
          help={touched && imeiProblem ? imeiProblem : undefined}
          extra={t('devices:migrate.imeisHint', { max: LIMITS.imeisPerOperation })}
        >
          <Input.TextArea
            rows={8}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('devices:migrate.imeisPlaceholder')}
            data-testid="migrate-imeis"
            aria-label={t('devices:migrate.imeis')}
          />
        </Form.Item>
        <Typography.Text type={parsed.tooMany ? 'danger' : 'secondary'} data-testid="migrate-count">
          {t('devices:migrate.count', { count: parsed.imeis.length, max: LIMITS.imeisPerOperation })}
          {parsed.duplicates.length > 0 && ` · ${t('devices:migrate.duplicates', { count: parsed.duplicates.length })}`}
        </Typography.Text>
        <Form.Item
          label={t('devices:migrate.company')}
          required
          className="devices-gap-top"
          validateStatus={touched && companyProblem ? 'error' : undefined}
          help={touched && companyProblem ? companyProblem : undefined}
          extra={t('devices:migrate.companyHint')}
        >
          <Select
            value={companyId || undefined}
            options={companies}
            loading={options.isLoading}
            showSearch
            optionFilterProp="label"
            onChange={(v: string) => setCompanyId(v)}
            placeholder={t('company:picker.placeholder')}
            aria-label={t('devices:migrate.company')}
            data-testid="migrate-company"
          />
        </Form.Item>
      </Form>
      {serverError && <Alert type="error" showIcon title={t('devices:migrate.refused')} description={serverError} data-testid="migrate-error" />}
    </Modal>
  );
}

import { Alert, App, Button, Card, Descriptions, Form, Result, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatHours } from '../../features/platform';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { useSaveSupportContact, useSupportContact } from './api';
import { type ContactValues, SupportContactForm, toContact, toValues } from './SupportContactForm';

/** Platform settings: the support contact every member sees, with the environment's defaults beside it. */
export default function SupportContactPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const saveContact = useSaveSupportContact();
  const [form] = Form.useForm<ContactValues>();
  const [saving, setSaving] = useState(false);
  const current = useSupportContact();
  const data = current.data;

  useEffect(() => {
    if (data) form.setFieldsValue(toValues(data.contact));
  }, [data, form]);

  const save = async () => {
    setSaving(true);
    try {
      await saveContact.mutateAsync(toContact(form.getFieldsValue(true)));
      void message.success(t('ops:settings.saved'));
    } catch {
      /* shown by the http client */
    } finally {
      setSaving(false);
    }
  };

  if (current.isError && !data)
    return (
      <Result status="warning" title={t('common:systemError')} extra={<Button onClick={() => void current.refetch()}>{t('common:action.retry')}</Button>} />
    );

  return (
    <Card variant="borderless" title={t('ops:settings.contactTitle')}>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('ops:settings.contactHint')}</Typography.Paragraph>
          <Alert
            type={data.saved ? 'success' : 'info'}
            showIcon
            className="ops-settings-state"
            data-testid="ops-contact-state"
            title={
              data.saved ? (
                <Trans
                  i18nKey="ops:settings.savedBy"
                  values={{ name: data.updatedBy ?? '—', time: formatUtc(data.updatedAt, 'YYYY-MM-DD HH:mm') }}
                  components={{ name: <UserText /> }}
                />
              ) : (
                t('ops:settings.usingDefaults')
              )
            }
          />
          <SupportContactForm form={form} saving={saving} onSave={() => void save()} onFillDefaults={() => form.setFieldsValue(toValues(data.defaults))} />
          <Descriptions
            size="small"
            column={1}
            className="ops-settings-defaults"
            title={t('ops:settings.defaults')}
            items={[
              { key: 'phone', label: t('ops:settings.phone'), children: data.defaults.phone },
              { key: 'email', label: t('ops:settings.email'), children: data.defaults.email },
              { key: 'site', label: t('ops:settings.officialSite'), children: data.defaults.officialSite || '—' },
              { key: 'hours', label: t('ops:settings.hours'), children: formatHours(data.defaults.hours, t) },
            ]}
          />
        </>
      )}
    </Card>
  );
}

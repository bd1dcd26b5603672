import { DEVELOPER_LIMITS as L, WEBHOOK_EVENTS } from '@rrp/contracts/constants';
import { Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, ServerAbnormalError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { type TWebhookWithSecret, useAddWebhook, useUpdateWebhook, type WebhookEvent } from './api';

type Values = { url: string; events: WebhookEvent[]; description?: string };

/** The catalogue's events grouped by what they are about (device, license, …), in catalogue order. */
export const EVENT_GROUPS: { group: string; events: WebhookEvent[] }[] = [...new Set(WEBHOOK_EVENTS.map((e) => e.split('.')[0]))].map((group) => ({
  group,
  events: WEBHOOK_EVENTS.filter((e) => e.startsWith(`${group}.`)),
}));

const FIELD_OF: Record<number, keyof Values> = { 38004: 'url', 38006: 'url' };

/** Adds a webhook endpoint or edits one: URL (https), the events it receives, a description. */
export function WebhookDialog({
  open,
  editing,
  onClose,
  onAdded,
}: {
  open: boolean;
  editing: TWebhookWithSecret | null;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddWebhook();
  const update = useUpdateWebhook();
  useEffect(() => {
    if (open)
      form.setFieldsValue(
        editing ? { url: editing.url, events: editing.events as WebhookEvent[], description: editing.description } : { url: '', events: [], description: '' },
      );
  }, [open, editing, form]);

  const submit = async (v: Values) => {
    const input = { url: v.url.trim(), events: v.events, description: v.description?.trim() ?? '' };
    try {
      if (editing) await update.mutateAsync({ input: { id: editing.id, ...input }, opts: { silent: true } });
      else await add.mutateAsync({ input, opts: { silent: true } });
      toast.success(t(editing ? 'developer:webhooks.saved' : 'developer:webhooks.added'));
      if (!editing) onAdded();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && FIELD_OF[err.code]) form.setFields([{ name: FIELD_OF[err.code], errors: [err.message] }]);
      else if (err instanceof ApiError || err instanceof ServerAbnormalError) toast.error(err.message);
    }
  };

  const events = Form.useWatch('events', form) ?? [];
  return (
    <Modal
      open={open}
      title={t(editing ? 'developer:webhooks.edit' : 'developer:webhooks.add')}
      okText={t(editing ? 'common:action.save' : 'developer:webhooks.add')}
      cancelText={t('common:action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'webhook-save' } as never}
      width={720}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" name="webhook" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="url"
          label={t('developer:webhooks.url')}
          extra={t('developer:webhooks.urlHint')}
          rules={[
            { required: true, whitespace: true, message: t('developer:webhooks.urlRequired') },
            { type: 'url', message: t('developer:webhooks.urlInvalid') },
            { max: L.webhookUrlMax, message: t('developer:tooLong', { max: L.webhookUrlMax }) },
          ]}
        >
          <Input placeholder="https://example.com/webhooks/rrp" inputMode="url" data-testid="webhook-url" />
        </Form.Item>
        <Form.Item
          name="events"
          label={
            <Space>
              {t('developer:webhooks.events')}
              <Button
                type="link"
                size="small"
                onClick={() => form.setFieldValue('events', events.length === WEBHOOK_EVENTS.length ? [] : [...WEBHOOK_EVENTS])}
                data-testid="webhook-events-all"
              >
                {events.length === WEBHOOK_EVENTS.length ? t('developer:webhooks.none') : t('developer:webhooks.all')}
              </Button>
            </Space>
          }
          rules={[{ type: 'array', min: 1, message: t('developer:webhooks.eventsRequired') }]}
        >
          <Checkbox.Group className="developer-events" data-testid="webhook-events">
            {EVENT_GROUPS.map(({ group, events: list }) => (
              <fieldset key={group} className="developer-event-group">
                <legend>
                  <Typography.Text strong>{t(`developer:eventGroups.${group}`)}</Typography.Text>
                </legend>
                {list.map((e) => (
                  <Checkbox key={e} value={e}>
                    {t(`developer:events.${e}`)}
                  </Checkbox>
                ))}
              </fieldset>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="description"
          label={t('developer:webhooks.description')}
          rules={[{ max: L.webhookDescriptionMax, message: t('developer:tooLong', { max: L.webhookDescriptionMax }) }]}
        >
          <Input maxLength={L.webhookDescriptionMax} showCount data-testid="webhook-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

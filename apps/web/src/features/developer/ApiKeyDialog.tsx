import { GRANTABLE_PERMISSIONS, DEVELOPER_LIMITS as L } from '@rrp/contracts/constants';
import { Checkbox, DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError, ServerAbnormalError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useAddApiKey } from './api';

type Values = { name: string; permissions: string[]; expiresAt?: Dayjs | null; ipAllowList?: string };

const IP_RE =
  /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}(?:\/(?:3[0-2]|[12]?\d))?|[0-9a-f:]*:[0-9a-f:]*(?:\/(?:12[0-8]|1[01]\d|\d?\d))?)$/i;
/** The allow-list as typed: one address or CIDR block per line (or separated by commas or spaces). */
export const parseIpList = (text = '') =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

const FIELD_OF: Record<number, keyof Values> = { 38002: 'permissions', 38006: 'name' };

/** Creates an API key: name, the codes it carries (only codes the creator holds), expiry, IP allow-list. */
export function ApiKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (r: { keyId: string; secret: string; name: string }) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { permissions } = useSession();
  const add = useAddApiKey();
  const codes = GRANTABLE_PERMISSIONS.filter((c) => permissions.includes(c));

  const submit = async (v: Values) => {
    const ips = parseIpList(v.ipAllowList);
    try {
      const r = await add.mutateAsync({
        input: {
          name: v.name.trim(),
          permissions: v.permissions,
          ...(v.expiresAt ? { expiresAt: v.expiresAt.endOf('day').toISOString() } : {}),
          ...(ips.length ? { ipAllowList: ips } : {}),
        },
        opts: { silent: true },
      });
      form.resetFields();
      onCreated({ ...r, name: v.name.trim() });
    } catch (err) {
      if (err instanceof ApiError && FIELD_OF[err.code]) form.setFields([{ name: FIELD_OF[err.code], errors: [err.message] }]);
      else if (err instanceof ApiError || err instanceof ServerAbnormalError) toast.error(err.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('developer:apiKeys.create')}
      okText={t('developer:apiKeys.create')}
      cancelText={t('common:action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'api-key-create-ok' } as never}
      destroyOnHidden
      width={640}
    >
      <Form<Values> form={form} layout="vertical" name="api-key" onFinish={(v) => void submit(v)} initialValues={{ permissions: [] }}>
        <Form.Item
          name="name"
          label={t('developer:apiKeys.name')}
          rules={[
            { required: true, whitespace: true, message: t('developer:required') },
            { max: L.apiKeyNameMax, message: t('developer:tooLong', { max: L.apiKeyNameMax }) },
          ]}
        >
          <Input maxLength={L.apiKeyNameMax} showCount placeholder={t('developer:apiKeys.namePlaceholder')} data-testid="api-key-name" />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('developer:apiKeys.permissions')}
          extra={t('developer:apiKeys.permissionsHint')}
          rules={[{ type: 'array', min: 1, message: t('developer:apiKeys.permissionsRequired') }]}
        >
          <Checkbox.Group
            className="developer-permissions"
            data-testid="api-key-permissions"
            options={codes.map((c) => ({ value: c, label: t(`members:permission.${c}`) }))}
          />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('developer:apiKeys.expiresAt')} extra={t('developer:apiKeys.expiresHint')}>
          <DatePicker
            className="developer-date"
            disabledDate={(d) => d.isBefore(new Date(), 'day')}
            placeholder={t('developer:apiKeys.never')}
            data-testid="api-key-expires"
          />
        </Form.Item>
        <Form.Item
          name="ipAllowList"
          label={t('developer:apiKeys.ipAllowList')}
          extra={t('developer:apiKeys.ipHint', { max: L.ipAllowListMax })}
          rules={[
            {
              validator: async (_r, text?: string) => {
                const ips = parseIpList(text);
                if (ips.length > L.ipAllowListMax) throw new Error(t('developer:apiKeys.ipTooMany', { max: L.ipAllowListMax }));
                const bad = ips.find((ip) => !IP_RE.test(ip));
                if (bad) throw new Error(t('developer:apiKeys.ipBad', { ip: bad }));
              },
            },
          ]}
        >
          <Input.TextArea rows={3} placeholder="203.0.113.10&#10;198.51.100.0/24" data-testid="api-key-ips" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

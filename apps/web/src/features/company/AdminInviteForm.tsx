import type { TCompanyNode } from '@rrp/contracts';
import { LIMITS } from '@rrp/contracts/constants';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailRules, phoneRules } from '../auth/rules';
import { useCompanyChange } from './api';

/** Invites a sub-company's super administrator by e-mail. */
export function AdminInviteForm({ company, onClose }: { company: TCompanyNode | null; onClose: (sent: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; phone: string; mail: string }>();
  const invite = useCompanyChange('POST /rrp/company/admin/invite');
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await invite.mutateAsync({ companyId: company?.id ?? '', name: v.name.trim(), phone: v.phone.trim(), mail: v.mail.trim() });
      onClose(true);
    } catch {
      /* shown by the http client */
    }
  };
  return (
    <Modal
      open={!!company}
      title={t('company:invite.title', { name: company?.name ?? '' })}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okText={t('company:invite.send')}
      cancelText={t('common:action.cancel')}
      confirmLoading={invite.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('company:invite.name')}
          rules={[
            { required: true, whitespace: true, message: t('company:invite.nameRequired') },
            { max: LIMITS.memberNameMax, message: t('company:validation.nameTooLong', { max: LIMITS.memberNameMax }) },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={t('company:invite.phone')} rules={phoneRules(t)}>
          <Input inputMode="tel" />
        </Form.Item>
        <Form.Item name="mail" label={t('company:invite.mail')} rules={emailRules(t)}>
          <Input type="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

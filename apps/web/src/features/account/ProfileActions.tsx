import { LIMITS } from '@rrp/contracts/constants';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { type Session, storeAccount } from '../../lib/session';
import { toast } from '../../lib/toast';
import { codeRules, confirmRules, emailRules, newPasswordRules, phoneRules } from '../auth/rules';
import { useCountdown } from '../auth/useCountdown';
import { fetchAccountInfo } from './api';

type Dialog = 'profile' | 'email' | 'password' | null;

const reloadAccount = async () => storeAccount(await fetchAccountInfo());

/** The signed-in member's own changes: name, phone and job title; e-mail (with a code to the new address); password. */
export function ProfileActions({ account }: { account: NonNullable<Session['account']> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Dialog>(null);
  return (
    <>
      <Space wrap>
        <Button onClick={() => setOpen('profile')} data-testid="account-edit">
          {t('account:settings.editProfile')}
        </Button>
        <Button onClick={() => setOpen('email')} data-testid="account-email">
          {t('account:settings.changeEmail')}
        </Button>
        <Button onClick={() => setOpen('password')} data-testid="account-password">
          {t('account:settings.changePassword')}
        </Button>
      </Space>
      <ProfileDialog open={open === 'profile'} account={account} onClose={() => setOpen(null)} />
      <EmailDialog open={open === 'email'} onClose={() => setOpen(null)} />
      <PasswordDialog open={open === 'password'} onClose={() => setOpen(null)} />
    </>
  );
}

function useSubmit<V>(form: ReturnType<typeof Form.useForm<V>>[0], send: (v: V) => Promise<unknown>, done: string, onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      await send(v);
      toast.success(done);
      onClose();
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}

function ProfileDialog({ open, account, onClose }: { open: boolean; account: NonNullable<Session['account']>; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; phone: string; jobTitle?: string }>();
  const { busy, submit } = useSubmit(
    form,
    async (v) => {
      await api('POST /rrp/account/update', { name: v.name.trim(), phone: v.phone.trim(), jobTitle: v.jobTitle?.trim() ?? '' });
      await reloadAccount();
    },
    t('account:settings.saved'),
    onClose,
  );
  return (
    <Modal
      open={open}
      title={t('account:settings.editProfile')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('account:settings.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: account.name, phone: account.telephone, jobTitle: account.jobTitle }}>
        <Form.Item
          name="name"
          label={t('account:settings.name')}
          rules={[
            { required: true, whitespace: true, message: t('account:settings.nameRequired') },
            { max: LIMITS.memberNameMax, message: t('account:cert.tooLong', { max: LIMITS.memberNameMax }) },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={t('account:profile.telephone')} rules={phoneRules(t)}>
          <Input inputMode="tel" />
        </Form.Item>
        <Form.Item
          name="jobTitle"
          label={t('account:settings.jobTitle')}
          rules={[{ max: LIMITS.jobTitleMax, message: t('account:cert.tooLong', { max: LIMITS.jobTitleMax }) }]}
        >
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function EmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string; code: string }>();
  const { remaining, start } = useCountdown(60);
  const [sending, setSending] = useState(false);
  const { busy, submit } = useSubmit(
    form,
    async (v) => {
      await api('POST /rrp/account/email/update', { email: v.email.trim(), code: v.code });
      await reloadAccount();
    },
    t('account:settings.emailChanged'),
    onClose,
  );
  const send = async () => {
    const checked = await form.validateFields(['email']).catch(() => null);
    if (!checked) return;
    const { email } = checked;
    setSending(true);
    try {
      await api('POST /rrp/account/email/code', { email: email.trim() });
      toast.success(t('account:settings.codeSent'));
      start();
    } catch {
      /* shown by the http client */
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('account:settings.changeEmail')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('account:settings.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="email" label={t('account:settings.newEmail')} rules={emailRules(t)}>
          <Input type="email" />
        </Form.Item>
        <Form.Item label={t('account:settings.code')} required>
          <Space.Compact className="full-width">
            <Form.Item name="code" noStyle rules={codeRules(t)}>
              <Input inputMode="numeric" maxLength={6} aria-label={t('account:settings.code')} />
            </Form.Item>
            <Button onClick={() => void send()} loading={sending} disabled={remaining > 0}>
              {remaining > 0 ? t('account:settings.resendIn', { seconds: remaining }) : t('account:settings.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ oldPassword: string; password: string; confirmPassword: string }>();
  const { busy, submit } = useSubmit(form, (v) => api('POST /rrp/account/password/update', v), t('account:settings.passwordChanged'), onClose);
  return (
    <Modal
      open={open}
      title={t('account:settings.changePassword')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('account:settings.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="oldPassword"
          label={t('account:settings.oldPassword')}
          rules={[{ required: true, message: t('account:settings.oldPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('account:settings.newPassword')} rules={newPasswordRules(t)} extra={t('account:settings.otherSessionsEnd')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('account:settings.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

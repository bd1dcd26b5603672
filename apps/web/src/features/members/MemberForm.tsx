import type { TMemberRow } from '@rrp/contracts';
import { LIMITS } from '@rrp/contracts/constants';
import type { ButtonProps } from 'antd';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRules, phoneRules } from '../auth/rules';
import { useMemberChange, useRoleOptions } from './api';

type Values = { name: string; phone: string; mail: string; roleIds: string[]; state: 'enabled' | 'disabled'; description?: string };

/** Adds a member (who is then invited by e-mail) or edits one. */
export function MemberForm({ member, open, onClose }: { member: TMemberRow | null; open: boolean; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const roles = useRoleOptions();
  const add = useMemberChange('POST /rrp/user/add');
  const update = useMemberChange('POST /rrp/user/detail/update');
  const editing = !!member;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (member)
      form.setFieldsValue({
        name: member.name,
        phone: member.phone,
        mail: member.mail,
        roleIds: member.roles.map((r) => r.id),
        description: member.description,
      });
  }, [open, member, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const description = v.description?.trim() || undefined;
    try {
      if (member) await update.mutateAsync({ id: member.id, name: v.name.trim(), phone: v.phone.trim(), mail: v.mail.trim(), roleIds: v.roleIds, description });
      else await add.mutateAsync({ name: v.name.trim(), phone: v.phone.trim(), mail: v.mail.trim(), roleIds: v.roleIds, state: v.state, description });
      onClose(true);
    } catch {
      /* the http client shows the server's message */
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('members:form.editTitle') : t('members:form.addTitle')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okText={editing ? t('members:form.save') : t('members:form.invite')}
      okButtonProps={{ 'data-testid': 'member-submit' } as ButtonProps}
      cancelText={t('common:action.cancel')}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={{ state: 'enabled', roleIds: [] }} requiredMark>
        <Form.Item
          name="name"
          label={t('members:field.name')}
          rules={[
            { required: true, whitespace: true, message: t('members:validation.nameRequired') },
            { max: LIMITS.memberNameMax, message: t('members:validation.nameTooLong', { max: LIMITS.memberNameMax }) },
          ]}
        >
          <Input data-testid="member-name" maxLength={LIMITS.memberNameMax + 10} />
        </Form.Item>
        <Form.Item name="phone" label={t('members:field.phone')} rules={phoneRules(t)}>
          <Input data-testid="member-phone" inputMode="tel" />
        </Form.Item>
        <Form.Item name="mail" label={t('members:field.mail')} rules={emailRules(t)} extra={editing ? undefined : t('members:form.mailHint')}>
          <Input data-testid="member-mail" type="email" />
        </Form.Item>
        <Form.Item
          name="roleIds"
          label={t('members:field.roles')}
          rules={[{ required: true, type: 'array', min: 1, message: t('members:validation.rolesRequired') }]}
        >
          <Select
            mode="multiple"
            data-testid="member-roles"
            loading={roles.isLoading}
            optionFilterProp="label"
            options={(roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
            aria-label={t('members:field.roles')}
          />
        </Form.Item>
        {!editing && (
          <Form.Item name="state" label={t('members:field.state')} extra={t('members:form.stateHint')}>
            <Radio.Group
              options={[
                { value: 'enabled', label: t('members:state.enabled') },
                { value: 'disabled', label: t('members:state.disabled') },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item
          name="description"
          label={t('members:field.description')}
          rules={[{ max: LIMITS.descriptionMax, message: t('members:validation.descriptionTooLong', { max: LIMITS.descriptionMax }) }]}
        >
          <Input.TextArea rows={3} showCount maxLength={LIMITS.descriptionMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

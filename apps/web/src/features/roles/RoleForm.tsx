import type { TRoleRow } from '@rrp/contracts';
import { LIMITS } from '@rrp/contracts/constants';
import type { ButtonProps } from 'antd';
import { Button, Form, Input, Modal, Skeleton, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissionTree, useRoleChange } from './api';
import { grantableCodes, invert, normalise } from './permissionTree';

/** Creates or edits a role: a name and the codes it grants, chosen from the menu's sections. */
export function RoleForm({ role, open, onClose }: { role: TRoleRow | null; open: boolean; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const tree = usePermissionTree();
  const add = useRoleChange('POST /rrp/role/add');
  const update = useRoleChange('POST /rrp/role/update');
  const [checked, setChecked] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ name: role?.name ?? '' });
    setChecked(role?.permissions ?? []);
    setTouched(false);
  }, [open, role, form]);

  const nodes = tree.data?.tree ?? [];
  const label = (code: string) => t(`members:permission.${code}`, { defaultValue: code });
  const data: DataNode[] = nodes.map((n) => ({
    key: n.code,
    title: label(n.code),
    disableCheckbox: !n.grantable,
    children: n.children.map((c) => ({ key: c.code, title: label(c.code), disableCheckbox: !c.grantable })),
  }));
  const none = normalise(nodes, checked).length === 0;

  const submit = async () => {
    setTouched(true);
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (none) return;
    const permissions = normalise(nodes, checked) as never[];
    try {
      if (role) await update.mutateAsync({ id: role.id, name: v.name.trim(), permissions });
      else await add.mutateAsync({ name: v.name.trim(), permissions });
      onClose(true);
    } catch {
      /* shown by the http client */
    }
  };

  return (
    <Modal
      open={open}
      title={role ? t('members:role.editTitle') : t('members:role.addTitle')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okText={t('members:form.save')}
      okButtonProps={{ 'data-testid': 'role-submit' } as ButtonProps}
      cancelText={t('common:action.cancel')}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('members:role.name')}
          rules={[
            { required: true, whitespace: true, message: t('members:validation.roleNameRequired') },
            {
              validator: (_, v?: string) =>
                (v ?? '').trim().length > LIMITS.roleNameMax && v?.trim() !== role?.name
                  ? Promise.reject(new Error(t('members:validation.roleNameTooLong', { max: LIMITS.roleNameMax })))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input data-testid="role-name" />
        </Form.Item>
        <Form.Item
          label={t('members:role.permissions')}
          required
          validateStatus={touched && none ? 'error' : undefined}
          help={touched && none ? t('members:validation.permissionsRequired') : t('members:role.permissionsHint')}
        >
          <Space style={{ marginBottom: 8 }}>
            <Button size="small" onClick={() => setChecked(grantableCodes(nodes))} data-testid="role-select-all">
              {t('members:role.selectAll')}
            </Button>
            <Button size="small" onClick={() => setChecked(invert(nodes, checked))} data-testid="role-invert">
              {t('members:role.invert')}
            </Button>
            <Typography.Text type="secondary">{t('members:role.count', { count: normalise(nodes, checked).length })}</Typography.Text>
          </Space>
          {tree.isLoading ? (
            <Skeleton active />
          ) : (
            <div data-testid="role-tree">
              <Tree
                checkable
                defaultExpandAll
                selectable={false}
                treeData={data}
                checkedKeys={checked}
                onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
              />
            </div>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

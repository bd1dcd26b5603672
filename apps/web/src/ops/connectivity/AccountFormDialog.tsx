import type { TConnectivityAccount } from '@rrp/contracts';
import { CONNECTIVITY_LIMITS as L } from '@rrp/contracts/constants';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, ServerAbnormalError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { ADDABLE_KINDS, useAddAccount, useUpdateAccount } from './api';
import { CompanySelect } from './CompanySelect';
import { operatorOptions, regionOptions } from './labels';

type Kind = (typeof ADDABLE_KINDS)[number];
type Values = {
  kind: Kind | 'simulated';
  name: string;
  baseUrl: string;
  username?: string;
  secret?: string;
  regions: string[];
  operators: string[];
  iccidPrefixes: string[];
  importCompanyId: string | null;
};

const URL_RE = /^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/;
const PREFIX_RE = /^\d{1,20}$/;
/** which field an error code belongs to */
const FIELD_OF: Record<number, keyof Values> = { 40002: 'name', 40004: 'secret', 40011: 'importCompanyId' };
/** the form's field of a validation error's field label */
const FIELD_OF_LABEL: [RegExp, keyof Values][] = [
  [/base URL|接口地址/, 'baseUrl'],
  [/ICCID/, 'iccidPrefixes'],
  [/regions|服务区域/, 'regions'],
  [/operators|运营商/, 'operators'],
  [/user name|appid|用户名|AppID/i, 'username'],
  [/API key|password|API 密钥|密码/, 'secret'],
  [/name|名称/, 'name'],
];

/** Adds an account, or edits one: the credential fields follow the kind; on edit, both left empty keep the saved ones. */
export function AccountFormDialog({ open, account, onClose }: { open: boolean; account: TConnectivityAccount | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddAccount();
  const update = useUpdateAccount();
  const editing = !!account;
  const kind = Form.useWatch('kind', form) ?? account?.kind ?? 'cisco_cc';
  const builtIn = kind === 'simulated';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      account
        ? {
            kind: account.kind,
            name: account.name,
            baseUrl: account.baseUrl,
            regions: account.regions,
            operators: account.operators,
            iccidPrefixes: account.iccidPrefixes,
            importCompanyId: account.importCompanyId,
          }
        : { kind: 'cisco_cc', regions: [], operators: [], iccidPrefixes: [], importCompanyId: null },
    );
  }, [open, account, form]);

  const credentialsOf = (v: Values) => {
    if (v.kind === 'simulated' || (!v.username && !v.secret)) return undefined;
    const username = (v.username ?? '').trim();
    const secret = v.secret ?? '';
    return v.kind === 'cisco_cc' ? { kind: v.kind, username, apiKey: secret.trim() } : { kind: v.kind, appid: username, password: secret };
  };

  const submit = async (v: Values) => {
    const common = {
      name: v.name.trim(),
      regions: v.regions as never[],
      operators: v.operators as never[],
      iccidPrefixes: v.iccidPrefixes.map((p) => p.trim()),
      importCompanyId: v.importCompanyId ?? null,
    };
    const credentials = credentialsOf(v);
    try {
      if (account) {
        await update.mutateAsync({ id: account.id, ...common, ...(builtIn ? {} : { baseUrl: v.baseUrl.trim() }), ...(credentials ? { credentials } : {}) });
        toast.success(t('connectivity:saved'));
      } else if (credentials && v.kind !== 'simulated') {
        await add.mutateAsync({ kind: v.kind, baseUrl: v.baseUrl.trim(), credentials, ...common });
        toast.success(t('connectivity:added'));
      }
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) {
        if (err instanceof ServerAbnormalError) toast.error(err.message);
        return;
      }
      const field = FIELD_OF[err.code] ?? FIELD_OF_LABEL.find(([re]) => re.test(err.message))?.[1];
      if (field) form.setFields([{ name: field, errors: [err.message] }]);
      else toast.error(err.message);
    }
  };

  const required = { required: true, whitespace: true, message: t('connectivity:required') };
  // on edit, both credential fields empty keep the saved ones; one without the other is refused
  const credentialRule = {
    validator: async () => {
      const { username, secret } = form.getFieldsValue(['username', 'secret']);
      if (editing && !username && !secret) return;
      if (!username?.trim() || !secret) throw new Error(editing ? t('connectivity:bothCredentials') : t('connectivity:required'));
    },
  };
  const [userLabel, secretLabel] =
    kind === 'onelink' ? [t('connectivity:field.appid'), t('connectivity:field.password')] : [t('connectivity:field.username'), t('connectivity:field.apiKey')];

  return (
    <Modal
      open={open}
      title={account ? t('connectivity:editTitle', { name: account.name }) : t('connectivity:addTitle')}
      okText={t('common:action.submit')}
      cancelText={t('common:action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'connectivity-form-ok' } as never}
      destroyOnHidden
      forceRender
    >
      <Form<Values> form={form} layout="vertical" name="connectivity-account" onFinish={(v) => void submit(v)}>
        <Form.Item name="kind" label={t('connectivity:field.kind')} rules={[{ required: true, message: t('connectivity:required') }]}>
          <Select
            disabled={editing}
            aria-label={t('connectivity:field.kind')}
            data-testid="connectivity-kind"
            options={(editing ? [account.kind] : ADDABLE_KINDS).map((k) => ({ value: k, label: t(`connectivity:kind.${k}`) }))}
            onChange={() => form.setFieldsValue({ username: undefined, secret: undefined })}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('connectivity:field.name')}
          rules={[required, { max: L.nameMax, message: t('connectivity:tooLong', { max: L.nameMax }) }]}
        >
          <Input maxLength={L.nameMax} data-testid="connectivity-name" />
        </Form.Item>
        {!builtIn && (
          <>
            <Form.Item
              name="baseUrl"
              label={t('connectivity:field.baseUrl')}
              rules={[
                required,
                { max: L.baseUrlMax, message: t('connectivity:tooLong', { max: L.baseUrlMax }) },
                { pattern: URL_RE, message: t('connectivity:badUrl') },
              ]}
            >
              <Input maxLength={L.baseUrlMax} placeholder="https://" data-testid="connectivity-base-url" />
            </Form.Item>
            <Form.Item
              name="username"
              label={userLabel}
              extra={account ? t('connectivity:keepHint', { hint: account.credentialsHint }) : undefined}
              dependencies={['secret']}
              rules={[credentialRule]}
            >
              <Input maxLength={L.usernameMax} autoComplete="off" data-testid="connectivity-username" />
            </Form.Item>
            <Form.Item name="secret" label={secretLabel} dependencies={['username']} rules={[credentialRule]}>
              <Input.Password maxLength={L.secretMax} autoComplete="new-password" data-testid="connectivity-secret" />
            </Form.Item>
          </>
        )}
        <Form.Item name="regions" label={t('connectivity:field.regions')}>
          <Select mode="multiple" options={regionOptions(t)} aria-label={t('connectivity:field.regions')} data-testid="connectivity-regions" />
        </Form.Item>
        <Form.Item name="operators" label={t('connectivity:field.operators')}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={operatorOptions(t)}
            aria-label={t('connectivity:field.operators')}
            data-testid="connectivity-operators"
          />
        </Form.Item>
        <Form.Item
          name="iccidPrefixes"
          label={t('connectivity:field.iccidPrefixes')}
          extra={t('connectivity:iccidPrefixesHint', { max: L.iccidPrefixesMax })}
          rules={[
            {
              validator: async (_r, v: string[] | undefined) => {
                if ((v ?? []).length > L.iccidPrefixesMax) throw new Error(t('connectivity:iccidPrefixesHint', { max: L.iccidPrefixesMax }));
                if ((v ?? []).some((p) => !PREFIX_RE.test(p.trim()))) throw new Error(t('connectivity:badPrefix'));
              },
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            tokenSeparators={[',', ' ']}
            aria-label={t('connectivity:field.iccidPrefixes')}
            data-testid="connectivity-prefixes"
          />
        </Form.Item>
        <Form.Item name="importCompanyId" label={t('connectivity:field.importCompany')} extra={t('connectivity:importCompanyHint')}>
          <CompanySelect ariaLabel={t('connectivity:field.importCompany')} currentName={account?.importCompanyName} testId="connectivity-import-company" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

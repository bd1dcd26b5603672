import type { TRegisterRequest } from '@rrp/contracts';
import { LIMITS } from '@rrp/contracts/constants';
import { Button, Checkbox, Col, Form, type FormInstance, Input, Row, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCountryList } from './api';
import { codeRules, confirmRules, emailRules, newPasswordRules, phoneRules } from './rules';
import { SendCodeButton } from './SendCodeButton';

export type RegisterValues = Omit<TRegisterRequest, 'locale'>;

export function RegisterForm({
  form,
  onSubmit,
  submitting,
}: {
  form: FormInstance<RegisterValues>;
  onSubmit: (values: RegisterValues) => void;
  submitting: boolean;
}) {
  const { t, i18n } = useTranslation();
  const countries = useCountryList();
  const en = i18n.language === 'en';
  const countryOptions = useMemo(
    () =>
      (Array.isArray(countries.data) ? countries.data : [])
        .map((c) => ({ value: c.code, label: en ? c.nameEn : c.nameZh, search: `${c.nameZh} ${c.nameEn} ${c.code}`.toLowerCase() }))
        .sort((a, b) => a.label.localeCompare(b.label, en ? 'en' : 'zh-CN')),
    [countries.data, en],
  );
  const privacyPath = en ? '/privacy-policy-en' : '/privacy-policy';

  return (
    <Form<RegisterValues> form={form} layout="vertical" requiredMark onFinish={onSubmit} autoComplete="off" scrollToFirstError>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('auth:field.email')} rules={emailRules(t)}>
            <Input placeholder={t('auth:placeholder.email')} data-testid="register-email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('auth:field.code')} required>
            <Space.Compact block>
              <Form.Item name="code" noStyle rules={codeRules(t)}>
                <Input placeholder={t('auth:placeholder.code')} maxLength={6} data-testid="register-code" />
              </Form.Item>
              <SendCodeButton form={form} purpose="register" testId="register-send-code" />
            </Space.Compact>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={t('auth:field.phone')} rules={phoneRules(t)}>
            <Input placeholder={t('auth:placeholder.phone')} data-testid="register-phone" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="jobTitle"
            label={t('auth:field.jobTitle')}
            rules={[
              { required: true, whitespace: true, message: t('auth:validation.jobTitleRequired') },
              { max: LIMITS.jobTitleMax, message: t('auth:validation.tooLong', { max: LIMITS.jobTitleMax }) },
            ]}
          >
            <Input placeholder={t('auth:placeholder.jobTitle')} maxLength={LIMITS.jobTitleMax} data-testid="register-job" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="password" label={t('auth:field.password')} rules={newPasswordRules(t)} extra={t('auth:password.rule')}>
            <Input.Password placeholder={t('auth:placeholder.newPassword')} autoComplete="new-password" data-testid="register-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="confirmPassword" label={t('auth:field.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
            <Input.Password placeholder={t('auth:placeholder.confirmPassword')} autoComplete="new-password" data-testid="register-confirm" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="country" label={t('auth:field.country')} rules={[{ required: true, message: t('auth:validation.countryRequired') }]}>
            <Select
              showSearch={{ filterOption: (input, option) => !!option?.search.includes(input.trim().toLowerCase()) }}
              options={countryOptions}
              loading={countries.isLoading}
              placeholder={t('auth:placeholder.country')}
              data-testid="register-country"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="companyName"
            label={t('auth:field.companyName')}
            rules={[
              { required: true, whitespace: true, message: t('auth:validation.companyNameRequired') },
              { max: LIMITS.companyNameMax, message: t('auth:validation.tooLong', { max: LIMITS.companyNameMax }) },
            ]}
          >
            <Input placeholder={t('auth:placeholder.companyName')} maxLength={LIMITS.companyNameMax} showCount data-testid="register-company" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="companyAddress"
            label={t('auth:field.companyAddress')}
            rules={[
              { required: true, whitespace: true, message: t('auth:validation.companyAddressRequired') },
              { max: LIMITS.companyAddressMax, message: t('auth:validation.tooLong', { max: LIMITS.companyAddressMax }) },
            ]}
          >
            <Input placeholder={t('auth:placeholder.companyAddress')} maxLength={LIMITS.companyAddressMax} showCount data-testid="register-address" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="agreement"
        valuePropName="checked"
        rules={[
          {
            validator: (_, v?: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(t('auth:validation.agreementRequired')))),
          },
        ]}
      >
        <Checkbox data-testid="register-agreement">
          {t('auth:register.agreePrefix')}
          <Link to="/terms-of-use" target="_blank" rel="noopener">
            {t('auth:register.terms')}
          </Link>
          {t('auth:register.and')}
          <Link to={privacyPath} target="_blank" rel="noopener">
            {t('auth:register.privacy')}
          </Link>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting} data-testid="register-submit">
        {t('auth:register.submit')}
      </Button>
    </Form>
  );
}

import type { TCompanyInfo } from '@rrp/contracts';
import { Button, Card, Descriptions, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/access';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { useCompanyInfo, useCountries } from './api';
import { CertificationTag } from './CertificationTag';
import { CompanyProfileDialog } from './CompanyProfileDialog';

function countryName(code: string, list: { code: string; nameZh: string; nameEn: string }[] | undefined, en: boolean): string {
  const c = Array.isArray(list) ? list.find((x) => x.code === code) : undefined;
  return c ? (en ? c.nameEn : c.nameZh) : code || '—';
}

/** The company from /account/company; times are UTC and the card says so. */
export function CompanyCard() {
  const { t, i18n } = useTranslation();
  const company = useCompanyInfo();
  const countries = useCountries();
  const en = i18n.language === 'en';
  const [editing, setEditing] = useState(false);
  const canEdit = useCan('ACCOUNT_INFO');

  let body: ReactNode;
  if (company.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (company.isError || !company.data)
    body = (
      <Result
        status="warning"
        title={t('account:company.loadFailed')}
        extra={<Button onClick={() => void company.refetch()}>{t('common:action.retry')}</Button>}
      />
    );
  else {
    const c: TCompanyInfo = company.data;
    body = (
      <Descriptions column={{ xs: 1, md: 2 }} size="middle" bordered>
        <Descriptions.Item label={t('account:company.name')}>
          <UserText>{c.name}</UserText>
        </Descriptions.Item>
        <Descriptions.Item label={t('account:company.country')}>{countryName(c.country, countries.data, en)}</Descriptions.Item>
        <Descriptions.Item label={t('account:company.address')} span={{ xs: 1, md: 2 }}>
          {c.address ? <UserText>{c.address}</UserText> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('account:company.certification')}>
          <CertificationTag status={c.certification} />
        </Descriptions.Item>
        <Descriptions.Item label={t('account:company.billing')}>
          <Tag color={c.billing === 'independent' ? 'green' : 'gold'}>{t(`account:billing.${c.billing}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('account:company.parent')}>
          {c.parentName ? <UserText>{c.parentName}</UserText> : t('account:company.noParent')}
        </Descriptions.Item>
        <Descriptions.Item label={t('account:company.subCompanies')}>{c.subCompanies}</Descriptions.Item>
        <Descriptions.Item label={t('account:company.members')}>{c.members}</Descriptions.Item>
        <Descriptions.Item label={t('account:company.createdAt')}>{formatUtc(c.createdAt)} UTC</Descriptions.Item>
      </Descriptions>
    );
  }

  return (
    <Card
      variant="borderless"
      title={t('account:company.title')}
      extra={
        <Space wrap>
          <Typography.Text type="secondary">{t('common:utcNote')}</Typography.Text>
          {canEdit && company.data && (
            <Button size="small" onClick={() => setEditing(true)} data-testid="company-profile-edit">
              {t('account:company.edit')}
            </Button>
          )}
        </Space>
      }
    >
      {body}
      {company.data && <CompanyProfileDialog company={company.data} open={editing} onClose={() => setEditing(false)} />}
    </Card>
  );
}

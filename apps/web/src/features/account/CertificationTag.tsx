import type { TCompanyInfo } from '@rrp/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TCompanyInfo['certification'], string> = { none: 'default', review: 'processing', verified: 'success', rejected: 'error' };

export function CertificationTag({ status }: { status: TCompanyInfo['certification'] }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[status]}>{t(`account:certification.${status}`)}</Tag>;
}

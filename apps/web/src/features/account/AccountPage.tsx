import { Space } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { CertificationCard } from './CertificationCard';
import { CompanyCard } from './CompanyCard';
import { ProfileCard } from './ProfileCard';

export default function AccountPage() {
  const { account } = useSession();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#certification') document.getElementById('certification')?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <Space orientation="vertical" size={16} className="full-width">
      <ProfileCard account={account} />
      <CompanyCard />
      <CertificationCard />
    </Space>
  );
}

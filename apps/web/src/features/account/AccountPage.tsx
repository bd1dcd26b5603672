import { Space } from 'antd';
import { useSession } from '../../lib/session';
import { CompanyCard } from './CompanyCard';
import { ProfileCard } from './ProfileCard';

export default function AccountPage() {
  const { account } = useSession();
  return (
    <Space orientation="vertical" size={16} className="full-width">
      <ProfileCard account={account} />
      <CompanyCard />
    </Space>
  );
}

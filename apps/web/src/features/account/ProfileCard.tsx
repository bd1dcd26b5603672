import { UserOutlined } from '@ant-design/icons';
import type { TAccountInfo } from '@rrp/contracts';
import { Avatar, Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../lib/UserText';
import { ProfileActions } from './ProfileActions';

/** The signed-in person's profile, from the account info stored at sign-in. */
export function ProfileCard({ account }: { account: TAccountInfo | null }) {
  const { t } = useTranslation();
  if (!account) {
    return (
      <Card variant="borderless" title={t('account:profile.title')}>
        <Empty description={t('account:profile.empty')} />
      </Card>
    );
  }
  const roles = account.roleNames?.length ? account.roleNames : [account.roleName];
  return (
    <Card variant="borderless" title={t('account:profile.title')}>
      <Space size={16} align="start" className="profile-head">
        <Avatar size={56} icon={<UserOutlined />} className="profile-avatar" />
        <div>
          <Typography.Title level={5} className="profile-name">
            <UserText>{account.name || account.email}</UserText>
          </Typography.Title>
          <Space size={4} wrap>
            {roles.filter(Boolean).map((r) => (
              <Tag key={r} color="blue">
                <UserText>{r}</UserText>
              </Tag>
            ))}
          </Space>
        </div>
      </Space>
      <Descriptions column={{ xs: 1, md: 2 }} className="profile-desc" size="middle">
        <Descriptions.Item label={t('account:profile.email')}>{account.email || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('account:profile.telephone')}>{account.telephone || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('account:profile.company')}>{account.companyName ? <UserText>{account.companyName}</UserText> : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('account:profile.locale')}>
          {/* a language is named in itself (an autonym), so it carries its own language */}
          <span lang={account.locale}>{t(`common:language.${account.locale}`)}</span>
        </Descriptions.Item>
      </Descriptions>
      <ProfileActions account={account} />
    </Card>
  );
}

import { Descriptions, Drawer, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { useMember } from './api';
import { MemberStateTag } from './MemberState';

/** One member: contact, roles, the codes they hold, sign-in and invitation. */
export function MemberDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const member = useMember(id);
  const m = member.data;
  return (
    <Drawer open={!!id} onClose={onClose} title={t('members:detail.title')} size="large" destroyOnHidden>
      {member.isLoading && <Skeleton active />}
      {member.isError && <Empty description={t('common:systemError')} />}
      {m && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('members:field.name')}>
            <Typography.Text style={{ wordBreak: 'break-all' }}>{m.name}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('members:field.state')}>
            <MemberStateTag state={m.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('members:field.phone')}>{m.phone}</Descriptions.Item>
          <Descriptions.Item label={t('members:field.mail')}>{m.mail}</Descriptions.Item>
          <Descriptions.Item label={t('members:field.roles')}>
            <Space wrap size={4}>
              {m.roles.map((r) => (
                <Tag key={r.id}>
                  <UserText>{r.name}</UserText>
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('members:field.permissions')}>
            <Space wrap size={4}>
              {m.permissions.map((p) => (
                <Tag key={p} color="blue">
                  {t(`members:permission.${p}`, { defaultValue: p })}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('members:field.description')}>{m.description || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('members:field.createdAt')}>{formatUtc(m.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('members:field.lastSignIn')}>{m.lastSignInAt ? formatUtc(m.lastSignInAt) : t('members:detail.never')}</Descriptions.Item>
          {m.state === 'pending' && (
            <Descriptions.Item label={t('members:field.invitationExpires')}>{m.invitationExpiresAt ? formatUtc(m.invitationExpiresAt) : '—'}</Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Drawer>
  );
}

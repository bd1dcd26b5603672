import type { TAnnouncementBrief } from '@rrp/contracts';
import { Button, Modal, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AnnouncementContent } from './AnnouncementContent';
import { useMarkRead } from './api';

/** The newest announcement, opened on the overview; "mark as read" calls /announcement/mark. */
export function AnnouncementModal({ item, open, onClose }: { item: TAnnouncementBrief | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mark = useMarkRead();
  if (!item) return null;

  const markRead = async () => {
    await mark.mutateAsync(item.id).catch(() => undefined);
    onClose();
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={620}
      title={
        <Space>
          {item.title}
          {!item.read && <Tag color="red">{t('announcement:unread')}</Tag>}
        </Space>
      }
      footer={[
        <Button
          key="all"
          onClick={() => {
            onClose();
            navigate('/newspaper/list');
          }}
        >
          {t('announcement:viewAll')}
        </Button>,
        item.read ? (
          <Button key="close" type="primary" onClick={onClose}>
            {t('common:action.close')}
          </Button>
        ) : (
          <Button key="read" type="primary" loading={mark.isPending} onClick={() => void markRead()} data-testid="announcement-mark-read">
            {t('announcement:markRead')}
          </Button>
        ),
      ]}
    >
      <AnnouncementContent item={item} />
    </Modal>
  );
}

import { Alert, Button, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../lib/useIsPhone';
import { CopyText } from './SecretField';

/** The new API key's secret, shown this once: copy it now. */
export function SecretOnceModal({ created, onClose }: { created: { keyId: string; secret: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  return (
    <Modal
      open={!!created}
      title={t('developer:apiKeys.createdTitle')}
      onCancel={onClose}
      closable={false}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-secret-done">
          {t('developer:apiKeys.saved')}
        </Button>
      }
      width={640}
    >
      {created && (
        <>
          <Alert type="warning" showIcon title={t('developer:apiKeys.onlyOnce')} className="developer-alert" />
          <Descriptions column={1} bordered size="small" layout={phone ? 'vertical' : 'horizontal'} className="developer-descriptions">
            <Descriptions.Item label={t('developer:apiKeys.name')}>
              <span translate="no">{created.name}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('developer:apiKeys.keyId')}>
              <CopyText value={created.keyId} testId="api-key-created-id" />
            </Descriptions.Item>
            <Descriptions.Item label={t('developer:apiKeys.secret')}>
              <CopyText value={created.secret} testId="api-key-created-secret" />
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}

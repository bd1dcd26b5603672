import { DEVELOPER_LIMITS } from '@rrp/contracts/constants';
import { Alert, Button, Descriptions, Popconfirm, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useIsPhone } from '../../lib/useIsPhone';
import { useDeviceKey, useRotateDeviceKey } from './api';
import { CopyText, SecretField } from './SecretField';

/** The company's device key: what its devices sign their reports with, and its rotation. */
export function DeviceKeyPanel() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const key = useDeviceKey();
  const rotate = useRotateDeviceKey();
  if (key.isPending) return <Skeleton active />;
  if (key.isError || !key.data)
    return <Result status="warning" title={t('common:systemError')} extra={<Button onClick={() => void key.refetch()}>{t('common:action.retry')}</Button>} />;
  const k = key.data;
  return (
    <div className="developer-panel" data-testid="developer-device-key">
      <Typography.Paragraph type="secondary">{t('developer:deviceKey.intro', { hours: DEVELOPER_LIMITS.deviceKeyGraceHours })}</Typography.Paragraph>
      <Descriptions column={1} bordered size="small" layout={phone ? 'vertical' : 'horizontal'} className="developer-descriptions">
        <Descriptions.Item label={t('developer:deviceKey.keyId')}>
          <CopyText value={k.keyId} testId="device-key-id" />
        </Descriptions.Item>
        <Descriptions.Item label={t('developer:deviceKey.secret')}>
          <SecretField value={k.secret} testId="device-key-secret" />
        </Descriptions.Item>
        <Descriptions.Item label={t('developer:deviceKey.protocol')}>
          <CopyText value={k.protocol} />
        </Descriptions.Item>
        <Descriptions.Item label={t('developer:deviceKey.endpoint')}>
          <CopyText value={`${window.location.origin}/api/v1/device/report`} />
        </Descriptions.Item>
        <Descriptions.Item label={t('developer:deviceKey.createdAt')}>{formatUtc(k.createdAt)}</Descriptions.Item>
      </Descriptions>
      {k.previous && (
        <Alert
          className="developer-alert"
          type="info"
          showIcon
          data-testid="device-key-previous"
          title={t('developer:deviceKey.previous', { keyId: k.previous.keyId, until: formatUtc(k.previous.validUntil, 'YYYY-MM-DD HH:mm') })}
        />
      )}
      <Popconfirm
        title={t('developer:deviceKey.rotateConfirm')}
        description={t('developer:deviceKey.rotateHint', { hours: DEVELOPER_LIMITS.deviceKeyGraceHours })}
        okText={t('developer:deviceKey.rotate')}
        cancelText={t('common:action.cancel')}
        okButtonProps={{ 'data-testid': 'device-key-rotate-ok' } as never}
        onConfirm={async () => {
          await rotate.mutateAsync(undefined);
          toast.success(t('developer:deviceKey.rotated'));
        }}
      >
        <Button className="developer-action" loading={rotate.isPending} data-testid="device-key-rotate">
          {t('developer:deviceKey.rotate')}
        </Button>
      </Popconfirm>
    </div>
  );
}

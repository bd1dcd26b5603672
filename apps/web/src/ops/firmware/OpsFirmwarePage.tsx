import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FirmwareTable } from '../../features/firmware/FirmwareTable';
import { DeleteConfirmButton } from '../../lib/DeleteConfirmButton';
import { toast } from '../../lib/toast';
import { useWithdrawFirmware } from './api';
import { PublishFirmwareDialog } from './PublishFirmwareDialog';

/** Firmware in the back office: publish files for customers' modules, see downloads, withdraw. */
export default function OpsFirmwarePage() {
  const { t } = useTranslation();
  const [publishing, setPublishing] = useState(false);
  const withdraw = useWithdrawFirmware(() => toast.success(t('firmware:ops.withdrawn')));
  return (
    <Card
      variant="borderless"
      title={t('ops:menu.firmware')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPublishing(true)} data-testid="firmware-publish">
          {t('firmware:ops.publish')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('firmware:ops.hint')}</Typography.Paragraph>
      <FirmwareTable
        scope="ops"
        actions={(f) => (
          <DeleteConfirmButton
            title={t('firmware:ops.withdrawConfirm', { model: f.moduleModel, version: f.version })}
            hint={f.fileName}
            label={t('firmware:ops.withdraw')}
            ariaLabel={`${t('firmware:ops.withdraw')} ${f.moduleModel} ${f.version}`}
            testId={`firmware-withdraw-${f.id}`}
            okTestId={`firmware-withdraw-ok-${f.id}`}
            onConfirm={() => withdraw.mutate(f.id)}
          />
        )}
      />
      <PublishFirmwareDialog open={publishing} onClose={() => setPublishing(false)} />
    </Card>
  );
}

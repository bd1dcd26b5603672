import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceDetailView } from './DeviceDetailView';

export function DeviceDetailDrawer({ imei, onClose }: { imei: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={!!imei}
      onClose={onClose}
      size={900}
      destroyOnHidden
      title={imei ? t('devices:detail.title', { imei }) : ''}
      rootClassName="device-detail-drawer"
    >
      {imei && (
        <div data-testid="device-detail">
          <DeviceDetailView imei={imei} />
        </div>
      )}
    </Drawer>
  );
}

import { Drawer, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceDetailView } from './DeviceDetailView';

export function DeviceDetailDrawer({ imei, onClose }: { imei: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  // a phone gets the whole width: 900 px would run off its screen
  const wide = Grid.useBreakpoint().md !== false;
  return (
    <Drawer
      open={!!imei}
      onClose={onClose}
      size={wide ? 900 : '100%'}
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

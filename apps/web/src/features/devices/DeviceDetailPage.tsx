import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DeviceDetailView } from './DeviceDetailView';
import './devices.css';

/** The device detail as a page of its own: /device-list/detail?imei=… */
export default function DeviceDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const imei = params.get('imei') ?? '';
  const valid = /^\d{15}$/.test(imei);
  return (
    <Card
      variant="borderless"
      title={valid ? t('devices:detail.title', { imei }) : t('devices:page.detail')}
      extra={<Link to="/device-list">{t('devices:detail.backToList')}</Link>}
    >
      <div data-testid="device-detail">{valid ? <DeviceDetailView imei={imei} /> : <Empty description={t('devices:detail.noImei')} />}</div>
    </Card>
  );
}

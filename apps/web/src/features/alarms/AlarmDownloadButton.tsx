import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAlarm, type TAlarm } from './api';

/** Downloads the devices concerned by an alarm (a signed GET of its download path), showing its progress. */
export function AlarmDownloadButton({ alarm }: { alarm: Pick<TAlarm, 'id' | 'alarmNo' | 'downloadUrl'> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="link"
      size="small"
      icon={<DownloadOutlined />}
      loading={busy}
      aria-label={t('alarms:list.downloadOf', { no: alarm.alarmNo })}
      data-testid={`alarm-download-${alarm.alarmNo}`}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadAlarm(alarm);
        } catch {
          /* shown by the http client */
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('alarms:list.download')}
    </Button>
  );
}

import { App, Card, Form, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDetection, useStartDetection } from './api';
import { DetectionForm, type DetectionValues } from './DetectionForm';
import { DetectionHistory } from './DetectionHistory';
import { DetectionProgress } from './DetectionProgress';
import { isImei, normalizeDomain } from './rules';
import './detection.css';

/** Network detection (spec section 4): send a device the command, follow it to its result, see the device's history. */
export default function DetectionPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [form] = Form.useForm<DetectionValues>();
  const initial = useMemo<DetectionValues>(() => ({ imei: params.get('imei')?.trim() ?? '', domain: '' }), [params]);
  const start = useStartDetection();
  const [detectionId, setDetectionId] = useState<string | null>(null);
  const detection = useDetection(detectionId);
  const typedImei = Form.useWatch('imei', form) ?? initial.imei;
  const historyImei = isImei(typedImei) ? typedImei : (detection.data?.imei ?? null);

  const run = async ({ imei, domain }: DetectionValues) => {
    try {
      const d = await start.mutateAsync({ imei, domain: normalizeDomain(domain) });
      setDetectionId(d.id);
      void message.success(t('detection:started'));
    } catch {
      /* the http client shows the server's message */
    }
  };

  return (
    <Space orientation="vertical" size={16} className="full-width detection-page">
      <Card variant="borderless" title={t('detection:title')}>
        <Typography.Paragraph type="secondary">{t('detection:intro')}</Typography.Paragraph>
        <DetectionForm form={form} initial={initial} loading={start.isPending} onStart={(v) => void run(v)} />
      </Card>
      {detection.data && (
        <DetectionProgress
          detection={detection.data}
          restarting={start.isPending}
          onRestart={() => {
            const d = detection.data;
            if (!d) return;
            form.setFieldsValue({ imei: d.imei, domain: d.domain });
            void run({ imei: d.imei, domain: d.domain });
          }}
        />
      )}
      <DetectionHistory imei={historyImei} />
    </Space>
  );
}

import { Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { SignalBars } from '../devices/DeviceBadges';
import { operatorLabel } from '../devices/labels';
import type { TDetection } from './api';
import '../devices/devices.css';
import { GradeTag } from './GradeTag';

/** The device's measurement: loss, delay, jitter, the grade they earn, and the network it measured on. */
export function DetectionResultCard({ detection }: { detection: TDetection & { result: NonNullable<TDetection['result']> } }) {
  const { t } = useTranslation();
  const r = detection.result;
  const ms = (v: number | null) => (v === null ? '—' : t('detection:ms', { value: v }));
  return (
    <Card size="small" title={t('detection:result.title', { domain: detection.domain })} data-testid="detection-result">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('detection:result.packetLoss')}>
          <span data-testid="detection-loss">{t('detection:percent', { value: r.packetLoss })}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detection:result.delay')}>
          <span data-testid="detection-delay">{ms(r.delay)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detection:result.jitter')}>
          <span data-testid="detection-jitter">{ms(r.jitter)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detection:result.grade')}>
          <GradeTag grade={r.grade} />
        </Descriptions.Item>
        <Descriptions.Item label={t('detection:result.operator')}>{operatorLabel(t, r)}</Descriptions.Item>
        <Descriptions.Item label={t('detection:result.signal')}>
          <Space>
            <SignalBars level={r.signalLevel} />
            {r.signalLevel !== null && <Typography.Text type="secondary">{t('detection:result.signalLevel', { level: r.signalLevel })}</Typography.Text>}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('detection:result.finishedAt')}>{formatUtc(detection.finishedAt)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

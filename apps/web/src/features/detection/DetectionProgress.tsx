import { ReloadOutlined } from '@ant-design/icons';
import { MONITORING_LIMITS } from '@rrp/contracts/constants';
import { Alert, Button, Card, Space, Steps, type StepsProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRunning, type TDetection } from './api';
import { DetectionResultCard } from './DetectionResultCard';
import { useNow } from './useNow';

const TIMEOUT_S = MONITORING_LIMITS.detectionTimeoutMs / 1000;

/** Where the three steps stand for a state: which is current and whether it went wrong. */
function stepOf(state: TDetection['state']): { current: number; status: StepsProps['status'] } {
  switch (state) {
    case 'detecting':
      return { current: 0, status: 'process' };
    case 'waiting':
      return { current: 1, status: 'process' };
    case 'done':
      return { current: 2, status: 'finish' };
    case 'unreachable':
      return { current: 2, status: 'error' };
    case 'timeout':
      return { current: 1, status: 'error' };
    case 'failed':
      return { current: 0, status: 'error' };
  }
}

/** A detection's progress (command sent → waiting for the report → result) and how it ended. */
export function DetectionProgress({ detection, restarting, onRestart }: { detection: TDetection; restarting: boolean; onRestart: () => void }) {
  const { t } = useTranslation();
  const running = isRunning(detection.state);
  const now = useNow(running);
  const seconds = Math.max(0, Math.round((now - Date.parse(detection.startedAt)) / 1000));
  const { current, status } = stepOf(detection.state);
  const restart = (
    <Button icon={<ReloadOutlined />} loading={restarting} onClick={onRestart} data-testid="detection-restart">
      {t('detection:restart')}
    </Button>
  );

  return (
    <Space orientation="vertical" size={16} className="full-width" data-testid="detection-progress" data-state={detection.state}>
      <Card size="small">
        <Steps
          current={current}
          status={status}
          responsive
          items={[
            { title: t('detection:step.sent'), content: t('detection:step.sentHint') },
            { title: t('detection:step.waiting'), content: t('detection:step.waitingHint', { seconds: TIMEOUT_S }) },
            { title: t('detection:step.result') },
          ]}
        />
        {running && (
          <Typography.Paragraph type="secondary" className="detection-running" aria-live="polite">
            {t('detection:running', { domain: detection.domain, seconds })}
          </Typography.Paragraph>
        )}
      </Card>
      {detection.state === 'unreachable' && (
        <Alert
          type="warning"
          showIcon
          data-testid="detection-unreachable"
          title={t('detection:unreachable')}
          description={t('detection:unreachableHint', { domain: detection.domain })}
          action={restart}
        />
      )}
      {detection.state === 'timeout' && (
        <Alert
          type="warning"
          showIcon
          data-testid="detection-timeout"
          title={t('detection:timeout')}
          description={t('detection:timeoutHint', { seconds: TIMEOUT_S })}
          action={restart}
        />
      )}
      {detection.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          data-testid="detection-failed"
          title={t('detection:failed')}
          description={detection.failure || t('detection:failedUnknown')}
          action={restart}
        />
      )}
      {detection.result && <DetectionResultCard detection={{ ...detection, result: detection.result }} />}
    </Space>
  );
}

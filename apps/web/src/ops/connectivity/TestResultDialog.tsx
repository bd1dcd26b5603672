import type { TConnectivityTestResult } from '@rrp/contracts';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StateTag } from './StateTag';

/** What a test call answered: connected or not, the platform's words and how long it took. */
export function TestResultDialog({ name, result, onClose }: { name: string; result: TConnectivityTestResult | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!result}
      title={t('connectivity:testTitle', { name })}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'connectivity-test-close' } as never}
      okText={t('common:action.close')}
      destroyOnHidden
    >
      {result && (
        <div data-testid="connectivity-test-result">
          <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.ok ? t('connectivity:testOk') : t('connectivity:testFailed')} />
          <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
            <Descriptions.Item label={t('connectivity:message')}>
              <Typography.Text style={{ wordBreak: 'break-word' }}>{result.message}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('connectivity:latency')}>{t('connectivity:latencyMs', { ms: result.latencyMs })}</Descriptions.Item>
            <Descriptions.Item label={t('connectivity:stateAfter')}>
              <StateTag account={{ state: result.state, stateMessage: null, unreachableSince: null }} />
            </Descriptions.Item>
          </Descriptions>
        </div>
      )}
    </Modal>
  );
}

import type { DetectionState } from '@rrp/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLOR: Record<DetectionState, string> = {
  detecting: 'blue',
  waiting: 'blue',
  done: 'success',
  unreachable: 'orange',
  timeout: 'gold',
  failed: 'red',
};

export function DetectionStateTag({ state }: { state: DetectionState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOR[state]}>{t(`detection:state.${state}`)}</Tag>;
}

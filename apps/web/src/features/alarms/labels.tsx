import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmLevel } from './api';

/** Level colours: critical red, major orange, minor gold, warning blue. */
export const LEVEL_COLOR: Record<AlarmLevel, string> = { critical: 'red', major: 'orange', minor: 'gold', warning: 'blue' };

export function AlarmLevelTag({ level }: { level: AlarmLevel }) {
  const { t } = useTranslation();
  return (
    <Tag color={LEVEL_COLOR[level]} data-testid={`alarm-level-${level}`}>
      {t(`alarms:level.${level}`)}
    </Tag>
  );
}

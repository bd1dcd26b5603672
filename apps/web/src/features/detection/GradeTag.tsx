import type { QualityGrade } from '@rrp/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

// only colours whose contrast global.css fixes (volcano and friends fail axe)
const GRADE_COLOR: Record<QualityGrade, string> = { smooth: 'success', general: 'blue', weak: 'orange', disconnected: 'red' };

export function GradeTag({ grade }: { grade: QualityGrade | null | undefined }) {
  const { t } = useTranslation();
  if (!grade) return <span>—</span>;
  return (
    <Tag color={GRADE_COLOR[grade]} data-testid="detection-grade">
      {t(`detection:grade.${grade}`)}
    </Tag>
  );
}

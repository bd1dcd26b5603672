import { Card } from 'antd';
import type { ReactNode } from 'react';

/** A card of the report's grid; `wide` spans the whole row on wide screens. */
export function ReportCard({ children, wide = false, 'data-testid': testId }: { children: ReactNode; wide?: boolean; 'data-testid'?: string }) {
  return (
    <Card variant="borderless" className={wide ? 'report-card report-card-wide' : 'report-card'} data-testid={testId}>
      {children}
    </Card>
  );
}

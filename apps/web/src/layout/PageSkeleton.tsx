import { Card, Skeleton } from 'antd';

export function PageSkeleton() {
  return (
    <Card variant="borderless">
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}

import { Card, Col, Row, Skeleton } from 'antd';

export function HomeSkeleton() {
  return (
    <Row gutter={[16, 16]} data-testid="home-loading">
      {[0, 1, 2, 3, 4].map((i) => (
        <Col key={i} xs={24} sm={12} xl={8} xxl={i === 0 ? 4 : 5}>
          <Card variant="borderless">
            <Skeleton active paragraph={{ rows: 1 }} />
          </Card>
        </Col>
      ))}
      <Col xs={24} lg={12}>
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
      </Col>
    </Row>
  );
}

import { InfoCircleOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../lib/access';
import { useLicenseCount } from './api';

/** The License stock of the paying company: in stock, in use, expiring within 30 days, reserved for renewals, importable. */
export function LicenseStockCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canBuy = useCan('MERCHANDISE_BUY_LICENSE');
  const q = useLicenseCount();
  const d = q.data;
  return (
    <Card
      variant="borderless"
      title={t('orders:license.stockTitle')}
      data-testid="license-stock"
      extra={
        canBuy && (
          <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => void navigate('/license')} data-testid="license-buy">
            {t('orders:license.buy')}
          </Button>
        )
      }
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !d ? (
        <Alert
          type="warning"
          showIcon
          title={t('orders:license.loadFailed')}
          action={<Button onClick={() => void q.refetch()}>{t('common:action.retry')}</Button>}
        />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={8} xl={4}>
              <Statistic title={t('orders:license.stock')} value={d.stock} />
            </Col>
            <Col xs={12} md={8} xl={5}>
              <Statistic title={t('orders:license.inUse')} value={d.inUse} />
            </Col>
            <Col xs={12} md={8} xl={5}>
              <Statistic
                title={t('orders:license.expiring30d')}
                value={d.expiring30d}
                styles={d.expiring30d > 0 ? { content: { color: '#8a3c00' } } : undefined}
              />
            </Col>
            <Col xs={12} md={8} xl={5}>
              <Statistic title={t('orders:license.reserved')} value={d.reserved} />
            </Col>
            <Col xs={12} md={8} xl={5}>
              <Statistic
                title={
                  <span>
                    {t('orders:license.importable')}{' '}
                    <Tooltip title={t('orders:license.importableHint')}>
                      <InfoCircleOutlined aria-label={t('orders:license.importableHint')} />
                    </Tooltip>
                  </span>
                }
                value={d.importable}
              />
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" className="order-gap-top">
            {t('orders:license.explain')}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}

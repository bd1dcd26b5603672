import { InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../lib/access';
import { useLicenseCount } from './api';

/** The License figures an import depends on: importable = stock − reserved for this month. */
export function LicenseCard() {
  const { t } = useTranslation();
  const q = useLicenseCount();
  const canBuy = useCan('MERCHANDISE_BUY_LICENSE');
  const navigate = useNavigate();
  const d = q.data;
  return (
    <Card
      variant="borderless"
      title={t('devices:license.title')}
      data-testid="import-license"
      extra={
        <Link to="/licenseManagement" data-testid="import-license-manage">
          {t('devices:license.manage')}
        </Link>
      }
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !d ? (
        <Alert type="warning" showIcon title={t('devices:license.loadFailed')} />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title={t('devices:license.stock')} value={d.stock} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('devices:license.reserved')} value={d.reserved} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic
                title={
                  <span>
                    {t('devices:license.importable')}{' '}
                    <Tooltip title={t('devices:license.explain')}>
                      <InfoCircleOutlined aria-label={t('devices:license.explain')} />
                    </Tooltip>
                  </span>
                }
                value={d.importable}
                styles={{ content: { color: d.importable > 0 ? '#1677ff' : '#cf1322' } }}
              />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('devices:license.expiring30d')} value={d.expiring30d} />
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" className="devices-note">
            {t('devices:license.explain')}
          </Typography.Paragraph>
          {d.importable <= 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('devices:license.noneImportable')}
              action={
                canBuy && (
                  <Button size="small" type="primary" onClick={() => navigate('/license')}>
                    {t('devices:license.buy')}
                  </Button>
                )
              }
            />
          )}
        </>
      )}
    </Card>
  );
}

import { Anchor, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FirmwareTable } from '../firmware/FirmwareTable';

/** The help document's sections, in reading order; `firmware` ends with the firmware downloads. */
const SECTIONS = [
  'signIn',
  'language',
  'layout',
  'permissions',
  'certification',
  'devices',
  'licenses',
  'orders',
  'invoices',
  'settings',
  'esim',
  'members',
  'reports',
  'developer',
  'firmware',
  'announcements',
  'support',
] as const;

/** The help document: a guide to each area of the console, and the module firmware downloads. */
export default function DocumentPage() {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} lg={18}>
        <Card variant="borderless" className="help-doc">
          <Typography.Title level={3}>{t('help:title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('help:intro')}</Typography.Paragraph>
          {SECTIONS.map((key) => {
            const paragraphs = t(`help:sections.${key}.body`, { returnObjects: true }) as unknown;
            return (
              <section key={key} id={`help-${key}`} className="help-section">
                <Typography.Title level={4}>{t(`help:sections.${key}.title`)}</Typography.Title>
                {(Array.isArray(paragraphs) ? (paragraphs as string[]) : [String(paragraphs)]).map((p) => (
                  <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
                ))}
                {key === 'firmware' && <FirmwareTable scope="member" />}
              </section>
            );
          })}
        </Card>
      </Col>
      <Col xs={0} lg={6}>
        <Card variant="borderless" size="small" title={t('help:contents')} className="help-toc">
          <Anchor
            offsetTop={120}
            getContainer={() => window}
            items={SECTIONS.map((key) => ({ key, href: `#help-${key}`, title: t(`help:sections.${key}.title`) }))}
          />
        </Card>
      </Col>
    </Row>
  );
}

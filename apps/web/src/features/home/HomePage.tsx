import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Col, Result, Row, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { OpenAnnouncementState } from '../../layout/header/AppHeader';
import { useSession } from '../../lib/session';
import { UserText } from '../../lib/UserText';
import { AnnouncementModal } from '../announcements/AnnouncementModal';
import { markShownThisSession, shownThisSession } from '../announcements/shownOnce';
import { useOverview } from './api';
import { CertificationCard } from './CertificationCard';
import { ContactCard } from './ContactCard';
import { DataPoolCard } from './DataPoolCard';
import { HomeBanners } from './HomeBanners';
import { HomeSkeleton } from './HomeSkeleton';
import { StatCards } from './StatCards';

export default function HomePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { account } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const overview = useOverview();
  const [announcementOpen, setAnnouncementOpen] = useState(false);
  const autoOpened = useRef(false);
  const data = overview.data;
  const announcement = data?.announcementResp ?? null;

  // an unread newest announcement opens by itself once per sign-in session: not again after a
  // reload or a return to the overview, however it was closed
  useEffect(() => {
    if (announcement && !announcement.read && !autoOpened.current && !shownThisSession(announcement.id)) {
      autoOpened.current = true;
      markShownThisSession(announcement.id);
      setAnnouncementOpen(true);
    }
  }, [announcement]);

  // the header bell: /home with { openAnnouncement }
  const bell = (location.state as OpenAnnouncementState | null)?.openAnnouncement;
  useEffect(() => {
    if (!bell || !data) return;
    if (announcement) setAnnouncementOpen(true);
    else message.info(t('home:noAnnouncement'));
    navigate(location.pathname, { replace: true, state: null });
  }, [bell, data, announcement, message, t, navigate, location.pathname]);

  return (
    <div className="home-page">
      <div className="page-heading">
        <div>
          <Typography.Title level={4} className="page-title">
            {account?.companyName ? (
              <Trans i18nKey="home:welcomeCompany" values={{ company: account.companyName }} components={{ name: <UserText /> }} />
            ) : (
              t('home:welcome')
            )}
          </Typography.Title>
          <Typography.Text type="secondary">{t('home:subtitle')}</Typography.Text>
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void overview.refetch()} loading={overview.isFetching && !!data}>
          {t('common:action.refresh')}
        </Button>
      </div>
      {overview.isPending && <HomeSkeleton />}
      {overview.isError && !data && (
        <Result status="warning" title={t('home:loadFailed')} extra={<Button onClick={() => void overview.refetch()}>{t('common:action.retry')}</Button>} />
      )}
      {data && (
        <Space orientation="vertical" size={16} className="full-width">
          <HomeBanners data={data} />
          <StatCards data={data} />
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <DataPoolCard data={data} />
            </Col>
            <Col xs={24} md={12} lg={6}>
              <CertificationCard status={data.certification} />
            </Col>
            <Col xs={24} md={12} lg={6}>
              <ContactCard contact={data.contact} />
            </Col>
          </Row>
        </Space>
      )}
      <AnnouncementModal item={announcement} open={announcementOpen} onClose={() => setAnnouncementOpen(false)} />
    </div>
  );
}

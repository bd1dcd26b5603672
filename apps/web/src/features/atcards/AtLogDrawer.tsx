import { Alert, Drawer, Empty, Grid, Skeleton, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { type TAtLogEntry, useAtLog } from './api';

const STATUS_COLOR: Record<TAtLogEntry['status'], string> = { pending: 'processing', done: 'green', failed: 'red' };

/** A command as sent and the module's raw answer, exactly as they went over the serial line. */
function LogEntry({ t, e }: { t: TFunction; e: TAtLogEntry }) {
  const fmt = t('atcards:dateTimeFormatSeconds');
  return (
    <li className="atcard-log-entry" data-testid={`atcard-log-entry-${e.operationId}`}>
      <div className="atcard-log-head">
        <Typography.Text strong>{e.command === 'switch' ? t('atcards:log.switch', { slot: e.slot ?? '—' }) : t('atcards:log.sync')}</Typography.Text>
        <Tag color={STATUS_COLOR[e.status]} data-testid="atcard-log-status">
          {t(`atcards:log.status.${e.status}`)}
        </Tag>
      </div>
      <div className="atcard-log-meta">
        <span>
          {t('atcards:log.actor')}: {e.actor ? <UserText>{e.actor}</UserText> : '—'}
        </span>
        <span>
          {t('atcards:log.sentAt')}: {formatUtc(e.createdAt, fmt)}
        </span>
        <span>
          {t('atcards:log.finishedAt')}: {e.finishedAt ? formatUtc(e.finishedAt, fmt) : '—'}
        </span>
      </div>
      <div className="atcard-log-label">{t('atcards:log.command')}</div>
      <code className="atcard-at" translate="no" data-testid="atcard-log-at">
        {e.at}
      </code>
      <div className="atcard-log-label">{t('atcards:log.response')}</div>
      {e.response !== null ? (
        <pre className="atcard-response" translate="no" data-testid="atcard-log-response">
          {e.response.replace(/\r\n/g, '\n')}
        </pre>
      ) : (
        <Typography.Text type="secondary" data-testid="atcard-log-noanswer">
          {e.status === 'pending' ? t('atcards:log.waiting') : t('atcards:log.noAnswer')}
        </Typography.Text>
      )}
    </li>
  );
}

function LogBody({ imei }: { imei: string }) {
  const { t } = useTranslation();
  const log = useAtLog(imei);
  if (log.isPending) return <Skeleton active />;
  if (log.isError) return <Alert type="warning" showIcon title={t('atcards:log.loadFailed')} />;
  if (log.data.list.length === 0) return <Empty description={t('atcards:log.empty')} />;
  return (
    <ol className="atcard-log">
      {log.data.list.map((e) => (
        <LogEntry key={e.operationId} t={t} e={e} />
      ))}
    </ol>
  );
}

/** The AT log of one device, over the list; polled while a command is pending. A phone gets the whole width. */
export function AtLogDrawer({ imei, name, onClose }: { imei: string | null; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md !== false;
  return (
    <Drawer
      open={!!imei}
      onClose={onClose}
      size={wide ? 640 : '100%'}
      destroyOnHidden
      title={
        imei ? (
          <span>
            {t('atcards:log.title')} · <span translate="no">{imei}</span> {name && <UserText>{name}</UserText>}
          </span>
        ) : (
          ''
        )
      }
      rootClassName="atcard-log-drawer"
    >
      {imei && (
        <div data-testid="atcard-log-drawer">
          <Typography.Paragraph type="secondary">{t('atcards:log.explain')}</Typography.Paragraph>
          <LogBody imei={imei} />
        </div>
      )}
    </Drawer>
  );
}

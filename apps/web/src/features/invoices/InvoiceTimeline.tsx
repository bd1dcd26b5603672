import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import type { InvoiceEvent } from './api';

const COLOR: Record<InvoiceEvent['kind'], string> = { applied: 'blue', issued: 'green', cancelled: 'gray' };

/** What happened to a work order, oldest first: applied, then issued or cancelled, with who and their note. */
export function InvoiceTimeline({ events }: { events: readonly InvoiceEvent[] }) {
  const { t } = useTranslation();
  return (
    <Timeline
      className="invoice-timeline"
      data-testid="invoice-timeline"
      items={events.map((e, i) => ({
        key: `${e.kind}-${i}`,
        color: COLOR[e.kind],
        content: (
          <div>
            <Typography.Text strong>{t(`invoices:event.${e.kind}`)}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{t('invoices:utcTime', { time: formatUtc(e.at, 'YYYY-MM-DD HH:mm') })}</Typography.Text>
            </div>
            {e.by && (
              <div>
                <Typography.Text type="secondary">
                  {t('invoices:event.by')}
                  <UserText>{e.by}</UserText>
                </Typography.Text>
              </div>
            )}
            {e.note && (
              <div>
                <Typography.Text type="secondary">
                  {t('invoices:event.note')}
                  <UserText className="break-all">{e.note}</UserText>
                </Typography.Text>
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}

import { Drawer, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { EsimDetailView } from './EsimDetailView';

/** The EID detail, over the list; a phone gets the whole width. */
export function EsimDetailDrawer({ eid, onClose }: { eid: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md !== false;
  return (
    <Drawer
      open={!!eid}
      onClose={onClose}
      size={wide ? 960 : '100%'}
      destroyOnHidden
      title={eid ? <span translate="no">{t('esim:detail.title', { eid })}</span> : ''}
      rootClassName="esim-detail-drawer"
    >
      {eid && (
        <div data-testid="esim-detail">
          <EsimDetailView eid={eid} />
        </div>
      )}
    </Drawer>
  );
}

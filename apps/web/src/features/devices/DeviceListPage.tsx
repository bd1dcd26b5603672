import { ApartmentOutlined, DashboardOutlined, ExportOutlined, FolderOpenOutlined, SwapOutlined } from '@ant-design/icons';
import type { TDeviceRow } from '@rrp/contracts';
import { App, Button, Card, Empty, Grid, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { PagedTable, useListUrl } from '../../lib/list';
import { LIST_REFRESH_MS, useDeviceList, useGroupMutation, useGroups } from './api';
import { BillModal } from './BillModal';
import { DataCapModal } from './DataCapModal';
import { DeviceDetailDrawer } from './DeviceDetailDrawer';
import { DeviceFilters } from './DeviceFilters';
import { DEVICE_TABLE_WIDTH, deviceColumns, sortFromTable } from './deviceColumns';
import { ExportModal } from './ExportModal';
import { GroupsModal } from './GroupsModal';
import { groupLabel } from './labels';
import { MigrateModal } from './MigrateModal';
import { DEVICE_LIST_FIELDS, type DeviceListFilters, LIST_DEFAULT_SIZE, LIST_PAGE_SIZES, listRequest } from './rules';
import './devices.css';

/** The device list: filters, sort and page in the URL; online states refresh every 15 s while visible. */
export default function DeviceListPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: DEVICE_LIST_FIELDS, pageSizes: LIST_PAGE_SIZES, defaultSize: LIST_DEFAULT_SIZE });
  const request = useMemo(() => listRequest({ ...filters, page: page.pageNum, size: page.pageSize }), [filters, page]);
  const list = useDeviceList(request);
  const groups = useGroups();
  const move = useGroupMutation('move');

  const [detailImei, setDetailImei] = useState<string | null>(null);
  const [billDevice, setBillDevice] = useState<TDeviceRow | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const [migrateOpen, setMigrateOpen] = useState(false);
  const [groupsOpen, setGroupsOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [targetGroup, setTargetGroup] = useState<string | undefined>();
  const [capImeis, setCapImeis] = useState<string[] | null>(null);

  const update = (next: DeviceListFilters) => {
    setFilters(next);
    setSelected([]);
  };

  // below md the IMEI and action columns are not pinned: on a phone they would cover the rest
  const screens = Grid.useBreakpoint();
  const pinned = screens.md !== false;
  const columns = deviceColumns(t, i18n.language, filters.sort, { onDetail: (r) => setDetailImei(r.imei), onBill: setBillDevice }, pinned);
  const filtered = !!(filters.name || filters.imei || filters.status || filters.online !== undefined || filters.groupId);

  const moveSelected = async () => {
    if (!targetGroup || selected.length === 0) return;
    try {
      await move.mutateAsync({ groupId: targetGroup, imeis: selected });
      void message.success(t('devices:groups.moved', { count: selected.length }));
      setSelected([]);
      setTargetGroup(undefined);
    } catch {
      /* shown by the http client */
    }
  };

  return (
    <Card
      variant="borderless"
      className="devices-card"
      title={t('devices:list.title')}
      extra={
        <Typography.Text type="secondary">
          {t('devices:list.refreshNote', { seconds: LIST_REFRESH_MS / 1000 })}
          {list.dataUpdatedAt > 0 && ` · ${t('devices:list.updatedAt', { time: formatUtc(list.dataUpdatedAt, 'HH:mm:ss') })}`}
        </Typography.Text>
      }
    >
      <DeviceFilters filters={filters} groups={groups.data ?? []} onApply={update} />
      <div className="device-toolbar">
        <Space wrap>
          <Button icon={<ExportOutlined />} onClick={() => setExportOpen(true)} data-testid="device-export-open">
            {t('devices:list.export')}
          </Button>
          <Button icon={<SwapOutlined />} onClick={() => setMigrateOpen(true)} data-testid="device-migrate-open">
            {t('devices:list.migrate')}
          </Button>
          <Button icon={<ApartmentOutlined />} onClick={() => setGroupsOpen(true)} data-testid="device-groups-open">
            {t('devices:list.groups')}
          </Button>
        </Space>
        {selected.length > 0 && (
          <Space wrap className="device-move">
            <Typography.Text>{t('devices:list.selected', { count: selected.length })}</Typography.Text>
            <Select
              className="device-filter-select"
              placeholder={t('devices:groups.moveTo')}
              value={targetGroup}
              onChange={setTargetGroup}
              data-testid="device-move-group"
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: groupLabel(t, g) }))}
            />
            <Button
              type="primary"
              icon={<FolderOpenOutlined />}
              disabled={!targetGroup}
              loading={move.isPending}
              onClick={() => void moveSelected()}
              data-testid="device-move-submit"
            >
              {t('devices:groups.move')}
            </Button>
            <Button icon={<DashboardOutlined />} onClick={() => setCapImeis(selected)} data-testid="device-data-cap-open">
              {t('devices:list.dataCap')}
            </Button>
            <Button onClick={() => setSelected([])}>{t('devices:list.clearSelection')}</Button>
          </Space>
        )}
      </div>
      <PagedTable<TDeviceRow>
        data-testid="device-table"
        rowKey="imei"
        columns={columns}
        list={list}
        page={page}
        setPage={(p) => {
          setPage(p);
          setSelected([]);
        }}
        pageSizes={LIST_PAGE_SIZES}
        loadFailed={t('devices:loadFailed')}
        empty={<Empty description={filtered ? t('devices:list.emptyFiltered') : t('devices:list.empty')} />}
        scroll={{ x: DEVICE_TABLE_WIDTH }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]), preserveSelectedRowKeys: false }}
        onRow={(row) => ({ onClick: () => setDetailImei(row.imei), className: 'device-row' })}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          update({ ...filters, sort: sortFromTable(s?.columnKey, s?.order ?? undefined) });
        }}
        // the server counts up to DEVICE_LIST_COUNT_CAP: beyond it the total reads "10,000+"
        totalText={(total) =>
          list.data?.totalCapped
            ? t('devices:totalCountCapped', { total: new Intl.NumberFormat(i18n.language).format(total) })
            : t('devices:totalCount', { total })
        }
      />
      <Typography.Paragraph type="secondary" className="devices-gap-top">
        {t('devices:list.usageNoteT1')}
      </Typography.Paragraph>
      <DeviceDetailDrawer imei={detailImei} onClose={() => setDetailImei(null)} />
      <BillModal device={billDevice} onClose={() => setBillDevice(null)} />
      <ExportModal open={exportOpen} onClose={() => setExportOpen(false)} />
      {migrateOpen && <MigrateModal open onClose={() => setMigrateOpen(false)} initialImeis={selected} />}
      <GroupsModal open={groupsOpen} onClose={() => setGroupsOpen(false)} />
      {capImeis && (
        <DataCapModal
          target={{ imeis: capImeis }}
          subject={t('devices:dataCap.subjectDevices', { count: capImeis.length })}
          onClose={() => setCapImeis(null)}
        />
      )}
    </Card>
  );
}

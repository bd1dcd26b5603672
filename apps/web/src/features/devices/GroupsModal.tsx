import { DashboardOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Popconfirm, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceGroup, useGroupMutation, useGroups } from './api';
import { DataCapModal } from './DataCapModal';
import { groupLabel } from './labels';

/** Group names: 1 to 20 characters (contracts zGroupName). */
export const GROUP_NAME_MAX = 20;

/** Device groups: list with device counts, add, rename, delete (the default group stays). */
export function GroupsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const groups = useGroups();
  const add = useGroupMutation('add');
  const rename = useGroupMutation('rename');
  const remove = useGroupMutation('delete');
  const [newName, setNewName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [capGroup, setCapGroup] = useState<DeviceGroup | null>(null);

  const doAdd = async () => {
    const name = newName.trim();
    if (!name) return;
    try {
      await add.mutateAsync({ name });
      setNewName('');
      void message.success(t('devices:groups.added'));
    } catch {
      /* shown by the http client */
    }
  };

  const doRename = async () => {
    if (!editing) return;
    const name = editing.name.trim();
    if (!name) return;
    try {
      await rename.mutateAsync({ id: editing.id, name });
      setEditing(null);
      void message.success(t('devices:groups.renamed'));
    } catch {
      /* shown by the http client */
    }
  };

  const columns: TableColumnsType<DeviceGroup> = [
    {
      key: 'name',
      title: t('devices:groups.name'),
      dataIndex: 'name',
      render: (v: string, row) =>
        editing?.id === row.id ? (
          <Space.Compact>
            <Input
              size="small"
              autoFocus
              maxLength={GROUP_NAME_MAX}
              value={editing.name}
              aria-label={t('devices:groups.name')}
              onChange={(e) => setEditing({ id: row.id, name: e.target.value })}
              onPressEnter={() => void doRename()}
            />
            <Button size="small" type="primary" loading={rename.isPending} disabled={!editing.name.trim()} onClick={() => void doRename()}>
              {t('common:action.ok')}
            </Button>
            <Button size="small" onClick={() => setEditing(null)}>
              {t('common:action.cancel')}
            </Button>
          </Space.Compact>
        ) : (
          <Space>
            {groupLabel(t, { name: v, nameCode: row.nameCode })}
            {row.isDefault && <Tag color="blue">{t('devices:groups.default')}</Tag>}
          </Space>
        ),
    },
    {
      key: 'cap',
      title: t('devices:groups.cap'),
      dataIndex: 'dataCapMb',
      width: 130,
      render: (v: number | null | undefined, row) => {
        const cap = v === null || v === undefined ? t('devices:dataCap.none') : t('devices:dataCap.value', { cap: v });
        return (
          <Tooltip title={t('devices:groups.setCap')}>
            <Button
              type="link"
              size="small"
              icon={<DashboardOutlined />}
              aria-label={`${t('devices:groups.setCap')}: ${cap}`}
              data-testid={`group-cap-${row.id}`}
              onClick={() => setCapGroup(row)}
            >
              {cap}
            </Button>
          </Tooltip>
        );
      },
    },
    { key: 'count', title: t('devices:groups.count'), dataIndex: 'deviceCount', align: 'right', width: 90 },
    {
      key: 'actions',
      title: t('devices:column.actions'),
      width: 100,
      render: (_v, row) => (
        <Space size={0}>
          <Tooltip title={t('devices:groups.rename')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('devices:groups.rename')}
              onClick={() => setEditing({ id: row.id, name: groupLabel(t, row) })}
            />
          </Tooltip>
          {row.isDefault ? (
            <Tooltip title={t('devices:groups.defaultUndeletable')}>
              <Button type="text" size="small" icon={<DeleteOutlined />} disabled aria-label={t('devices:groups.delete')} />
            </Tooltip>
          ) : (
            <Popconfirm
              title={t('devices:groups.deleteConfirm', { name: groupLabel(t, row) })}
              description={row.deviceCount > 0 ? t('devices:groups.deleteNotEmpty') : undefined}
              okText={t('common:action.ok')}
              cancelText={t('common:action.cancel')}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync({ id: row.id });
                  void message.success(t('devices:groups.deleted'));
                } catch {
                  /* shown by the http client */
                }
              }}
            >
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('devices:groups.delete')} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('devices:groups.title')} destroyOnHidden width={640}>
      <Space.Compact className="full-width devices-gap">
        <Input
          maxLength={GROUP_NAME_MAX}
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          onPressEnter={() => void doAdd()}
          placeholder={t('devices:groups.newPlaceholder', { max: GROUP_NAME_MAX })}
          aria-label={t('devices:groups.newPlaceholder', { max: GROUP_NAME_MAX })}
          data-testid="group-new-name"
        />
        <Button type="primary" icon={<PlusOutlined />} loading={add.isPending} disabled={!newName.trim()} onClick={() => void doAdd()} data-testid="group-add">
          {t('devices:groups.add')}
        </Button>
      </Space.Compact>
      <Table<DeviceGroup>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={groups.data ?? []}
        loading={groups.isFetching}
        pagination={false}
        scroll={{ x: 520 }}
        data-testid="group-table"
        locale={{ emptyText: t('devices:groups.empty') }}
      />
      {capGroup && (
        <DataCapModal
          target={{ groupId: capGroup.id }}
          subject={t('devices:dataCap.subjectGroup', { name: groupLabel(t, capGroup) })}
          current={capGroup.dataCapMb ?? null}
          onClose={() => setCapGroup(null)}
        />
      )}
    </Modal>
  );
}

import { type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { RowsTable } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import type { TDeviceOperation } from './api';
import { failureText, OP_STATUS_COLOR, operationIccid, operationLabel } from './labels';

/** The eSIM's operation log, newest first: what, on which profile, its status and why it failed. */
export function EsimOperations({ operations }: { operations: TDeviceOperation[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<TDeviceOperation> = [
    {
      key: 'action',
      title: t('esim:op.action'),
      dataIndex: 'action',
      width: 280,
      render: (v: string, op) => {
        const iccid = operationIccid(op.detail);
        const failure = failureText(t, op);
        return (
          <div className="esim-op">
            <span>{operationLabel(t, v)}</span>
            {iccid && (
              <Typography.Text type="secondary" className="esim-op-note">
                ICCID <span translate="no">{iccid}</span>
              </Typography.Text>
            )}
            {failure && (
              <Typography.Text type="danger" className="esim-op-note" data-testid={`esim-op-failure-${op.id}`}>
                {failure}
              </Typography.Text>
            )}
          </div>
        );
      },
    },
    {
      key: 'status',
      title: t('esim:op.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: TDeviceOperation['status'], op) => (
        <Tag color={OP_STATUS_COLOR[v]} data-testid={`esim-op-status-${op.id}`}>
          {t(`esim:opStatus.${v}`)}
        </Tag>
      ),
    },
    {
      key: 'actor',
      title: t('esim:op.actor'),
      dataIndex: 'actor',
      width: 140,
      ellipsis: true,
      render: (v: string | null) => (v ? <UserText>{v}</UserText> : t('esim:op.platform')),
    },
    { key: 'createdAt', title: t('esim:op.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatUtc(v) },
    { key: 'finishedAt', title: t('esim:op.finishedAt'), dataIndex: 'finishedAt', width: 170, render: (v: string | null) => formatUtc(v) },
  ];
  return (
    <RowsTable<TDeviceOperation>
      rowKey="id"
      size="small"
      data-testid="esim-operations"
      columns={columns}
      rows={operations}
      scroll={{ x: 860 }}
      locale={{ emptyText: t('esim:op.empty') }}
    />
  );
}

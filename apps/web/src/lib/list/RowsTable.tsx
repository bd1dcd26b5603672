import { Table, type TableProps } from 'antd';

type Props<T> = Omit<TableProps<T>, 'dataSource' | 'pagination'> & {
  /** the rows, already at hand (a detail's orders, an import's failures) */
  rows: readonly T[];
  /** rows per page once there are more than this */
  pageSize?: number;
};

/** A short table inside a detail or a dialog: paged in the browser only once it holds more than a page. */
export function RowsTable<T extends object>({ rows, pageSize = 10, ...table }: Props<T>) {
  return <Table<T> {...table} dataSource={rows} pagination={rows.length > pageSize ? { pageSize, showSizeChanger: false } : false} />;
}

import type { TDeviceOperation } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { iso } from '../../lib/units.js';

type OperationRow = Narrow<
  Row<'device_operations', 'id' | 'action' | 'status' | 'detail' | 'created_at' | 'finished_at'>,
  { status: TDeviceOperation['status'] }
> &
  Nullable<As<'users', { actor: 'name' }>>;

/**
 * The operation log of a device the scope reaches, newest first, with the acting member's name:
 * all of it (the device detail) or the actions `only` selects (the eSIM detail, the AT log).
 */
export async function deviceOperations(database: Database, scope: TenantScope, deviceId: string, limit: number, only?: SQL): Promise<TDeviceOperation[]> {
  const rows = await database.rows<OperationRow>(
    sql`SELECT o.id, o.action, o.status, u.name AS actor, o.detail, o.created_at, o.finished_at
        FROM device_operations o JOIN devices d ON d.id = o.device_id LEFT JOIN users u ON u.id = o.user_id
        WHERE o.device_id = ${deviceId} AND ${scope.owns(sql`d.company_id`)} ${only ? sql`AND (${only})` : sql``}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}`,
  );
  return rows.map((o) => ({
    id: Number(o.id),
    action: o.action,
    status: o.status,
    actor: o.actor,
    detail: o.detail ?? null,
    createdAt: iso(o.created_at) as string,
    finishedAt: iso(o.finished_at),
  }));
}

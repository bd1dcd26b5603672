import { type Locale, type TGroup, zGroupName } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database, Tx } from '../../db/client.js';
import { deviceIdsByImei } from '../../db/imei-lookup.js';
import type { As, Count, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { t } from '../../i18n/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, type AuditEntry, recordAudit, recordAuditMany } from '../audit/index.js';
import { DEFAULT_GROUP_NAME, defaultGroup, parseImeis } from './common.js';

/** Groups belong to one company (the caller's own: the group endpoints' scope is `company`); every company has a default group. */
type G = Row<'device_groups', 'id' | 'name' | 'is_default' | 'data_cap_mb' | 'created_at'> & { device_count: number };

export function groupName(raw: string | undefined): string {
  const name = (raw ?? '').trim();
  if (!name) throw new AppError(25010);
  if (!zGroupName.safeParse(name).success) throw new AppError(25011);
  return name;
}

export async function listGroups(database: Database, scope: TenantScope, locale: Locale): Promise<TGroup[]> {
  await defaultGroup(database, scope, scope.companyId);
  const rows = await database.rows<G>(
    sql`SELECT g.id, g.name, g.is_default, (SELECT count(*) FROM devices d WHERE d.group_id = g.id)::int AS device_count, g.data_cap_mb, g.created_at
        FROM device_groups g WHERE ${scope.owns(sql`g.company_id`)} ORDER BY g.is_default DESC, g.created_at, g.id`,
  );
  return rows.map((g) => {
    const platformNamed = g.is_default && g.name === DEFAULT_GROUP_NAME;
    return {
      id: g.id,
      name: platformNamed ? t(locale, 'devices.defaultGroup') : g.name,
      nameCode: platformNamed ? ('default' as const) : null,
      isDefault: g.is_default,
      deviceCount: g.device_count,
      dataCapMb: g.data_cap_mb,
      createdAt: iso(g.created_at) as string,
    };
  });
}

async function findGroup(database: Database, scope: TenantScope, id: string, tx?: Tx): Promise<G> {
  const [g] = await database.rows<G>(
    sql`SELECT id, name, is_default, 0 AS device_count, created_at FROM device_groups WHERE id = ${id} AND ${scope.owns()} FOR UPDATE`,
    tx,
  );
  if (!g) throw new AppError(25009);
  return g;
}

const groupEvent = (
  action: 'group.add' | 'group.rename' | 'group.delete',
  companyId: string,
  id: string,
  name: string,
  changes: Record<string, [unknown, unknown]>,
) => ({
  action,
  companyId,
  targetType: 'group',
  targetId: id,
  targetLabel: name,
  changes,
});

export async function addGroup(database: Database, actor: Actor, scope: TenantScope, rawName: string | undefined): Promise<string> {
  const name = groupName(rawName);
  await defaultGroup(database, scope, scope.companyId);
  try {
    return await database.db.transaction(async (tx) => {
      const [g] = await database.rows<Row<'device_groups', 'id'>>(
        sql`INSERT INTO device_groups (company_id, name) VALUES (${scope.companyId}, ${name}) RETURNING id`,
        tx,
      );
      await recordAudit(database, tx, actor, groupEvent('group.add', scope.companyId, g.id, name, { name: [null, name] }));
      return g.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(25003);
    throw e;
  }
}

export async function renameGroup(database: Database, actor: Actor, scope: TenantScope, id: string, rawName: string | undefined): Promise<void> {
  const name = groupName(rawName);
  try {
    await database.db.transaction(async (tx) => {
      const g = await findGroup(database, scope, id, tx);
      await database.rows(sql`UPDATE device_groups SET name = ${name} WHERE id = ${id} AND ${scope.owns()}`, tx);
      await recordAudit(database, tx, actor, groupEvent('group.rename', scope.companyId, id, name, g.name === name ? {} : { name: [g.name, name] }));
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(25003);
    throw e;
  }
}

export async function deleteGroup(database: Database, actor: Actor, scope: TenantScope, id: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const g = await findGroup(database, scope, id, tx);
    if (g.is_default) throw new AppError(25004);
    const [n] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM devices WHERE group_id = ${id}`, tx);
    if (n.n > 0) throw new AppError(25002);
    await database.rows(sql`DELETE FROM device_groups WHERE id = ${id} AND ${scope.owns()}`, tx);
    await recordAudit(database, tx, actor, groupEvent('group.delete', scope.companyId, id, g.name, { name: [g.name, null] }));
  });
}

/**
 * Moves devices of the caller's company into one of its groups. A device leaves a group only
 * by moving to another: without a target group nothing is removed (25005 from the default
 * group, 25012 otherwise).
 */
export async function moveToGroup(
  database: Database,
  actor: Actor,
  scope: TenantScope,
  groupId: string | undefined,
  input: string | string[],
): Promise<number> {
  const imeis = parseImeis(input);
  return database.db.transaction(async (tx) => {
    const found = await database.rows<
      Row<'devices', 'id' | 'imei' | 'group_id'> & Nullable<As<'device_groups', { group_name: 'name' }>> & As<'device_groups', { in_default: 'is_default' }>
    >(
      sql`SELECT d.id, d.imei, coalesce(g.is_default, true) AS in_default, d.group_id, g.name AS group_name
          FROM devices d LEFT JOIN device_groups g ON g.id = d.group_id
          WHERE d.id = ANY(${textArray(await deviceIdsByImei(database, imeis, tx))}::uuid[]) AND ${scope.owns(sql`d.company_id`)} ORDER BY d.id FOR UPDATE OF d`,
      tx,
    );
    const mine = new Set(found.map((f) => f.imei));
    const foreign = imeis.filter((i) => !mine.has(i));
    if (foreign.length) throw new AppError(23009, { detail: foreign.join(', ') });
    if (!groupId) throw new AppError(found.some((f) => f.in_default) ? 25005 : 25012);
    const to = await findGroup(database, scope, groupId, tx);
    await database.rows(
      sql`UPDATE devices SET group_id = ${groupId}, updated_at = now() WHERE id = ANY(${`{${found.map((f) => f.id).join(',')}}`}::uuid[]) AND ${scope.owns()}`,
      tx,
    );
    await recordAuditMany(
      database,
      tx,
      actor,
      found.map(
        (d): AuditEntry => ({
          action: 'group.move',
          companyId: scope.companyId,
          targetType: 'device',
          targetId: d.id,
          targetLabel: d.imei,
          changes: d.group_id === to.id ? {} : { groupId: [d.group_id, to.id], group: [d.group_name, to.name] },
        }),
      ),
    );
    return found.length;
  });
}

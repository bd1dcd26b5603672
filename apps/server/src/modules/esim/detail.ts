import { ESIM_LIMITS, type NetworkOperatorCode, type ProfileState, type TEsimDetail } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Narrow, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { deviceOperations } from '../devices/index.js';
import { ESIM_COLUMNS, ESIM_JOINS, type EsimDbRow, toEsimRow } from './rows.js';

export type EsimDevice = EsimDbRow & Row<'devices', 'region' | 'company_id' | 'suspended'>;

/** The caller company's device carrying the EID; 35001 when there is none, whoever else has it. */
export async function findEsim(database: Database, scope: TenantScope, eid: string, tx?: Tx): Promise<EsimDevice> {
  const [d] = await database.rows<EsimDevice>(
    sql`SELECT ${ESIM_COLUMNS}, d.region, d.company_id, d.suspended FROM devices d ${ESIM_JOINS}
        WHERE d.eid = ${eid} AND ${scope.owns(sql`d.company_id`)}`,
    tx,
  );
  if (!d) throw new AppError(35001, { field: 'eid' });
  return d;
}

type ProfileRow = Narrow<
  Row<'esim_profiles', 'iccid' | 'operator_code' | 'state' | 'ac_code' | 'usage_bytes' | 'created_at' | 'updated_at'>,
  { operator_code: NetworkOperatorCode; state: ProfileState }
>;

/** One eSIM: its row, its profiles (deleted ones last) and its eSIM commands and card switches, newest first. */
export async function esimDetail(database: Database, scope: TenantScope, eid: string): Promise<TEsimDetail> {
  const esim = await findEsim(database, scope, eid);
  const [profiles, ops] = await Promise.all([
    database.rows<ProfileRow>(
      sql`SELECT iccid, operator_code, state, ac_code, usage_bytes, created_at, updated_at FROM esim_profiles
          WHERE device_id = ${esim.id} ORDER BY state = 'deleted', state <> 'enabled', created_at, id`,
    ),
    deviceOperations(database, scope, esim.id, ESIM_LIMITS.operationsShown, sql`o.action LIKE 'esim\\_%' OR o.action = 'switch_card'`),
  ]);
  return {
    esim: toEsimRow(esim),
    profiles: profiles.map((p) => ({
      iccid: p.iccid,
      operatorCode: p.operator_code,
      state: p.state,
      acCode: p.ac_code,
      usageBytes: Number(p.usage_bytes),
      createdAt: iso(p.created_at) as string,
      updatedAt: iso(p.updated_at) as string,
    })),
    operations: ops,
  };
}

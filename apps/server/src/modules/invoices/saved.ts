import {
  type AuditAction,
  type ErrorCode,
  INVOICE_LIMITS,
  type TInvoiceTitle,
  type TInvoiceTitleSave,
  type TRecipient,
  type TRecipientSave,
} from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Count } from '../../db/row.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';

/**
 * Saved invoice headers and recipients: the same life (list, save, delete, one default per
 * company), each a table of its own. `fields` maps the API's names to the columns.
 */
type Saved<Row> = {
  table: 'invoice_titles' | 'invoice_recipients';
  fields: Record<Exclude<keyof Row, 'id' | 'isDefault' | 'updatedAt'>, string>;
  notFound: ErrorCode;
  /** the request field an unknown id is reported on when an application names it */
  idField: 'titleId' | 'recipientId';
  targetType: 'invoice_title' | 'invoice_recipient';
  save: AuditAction;
  remove: AuditAction;
  label: (row: Row) => string;
};

const TITLES: Saved<TInvoiceTitle> = {
  table: 'invoice_titles',
  fields: {
    title: 'title',
    taxpayerId: 'taxpayer_id',
    bank: 'bank',
    bankAccount: 'bank_account',
    registeredAddress: 'registered_address',
    registeredPhone: 'registered_phone',
  },
  notFound: 31001,
  idField: 'titleId',
  targetType: 'invoice_title',
  save: 'invoice.title.save',
  remove: 'invoice.title.delete',
  label: (r) => r.title,
};

const RECIPIENTS: Saved<TRecipient> = {
  table: 'invoice_recipients',
  fields: { name: 'name', phone: 'phone', address: 'address', email: 'email' },
  notFound: 31002,
  idField: 'recipientId',
  targetType: 'invoice_recipient',
  save: 'invoice.recipient.save',
  remove: 'invoice.recipient.delete',
  label: (r) => r.name,
};

function selectOf<Row>(kind: Saved<Row>): SQL {
  const cols = Object.entries<string>(kind.fields).map(([api, col]) => `${col} AS "${api}"`);
  return sql.raw(`SELECT id, ${cols.join(', ')}, is_default AS "isDefault", updated_at AS "updatedAt" FROM ${kind.table}`);
}

async function list<Row extends { updatedAt: string }>(database: Database, kind: Saved<Row>, companyId: string): Promise<{ list: Row[] }> {
  const rows = await database.rows<Row>(sql`${selectOf(kind)} WHERE company_id = ${companyId} ORDER BY is_default DESC, updated_at DESC, id`);
  return { list: rows.map((r) => ({ ...r, updatedAt: new Date(r.updatedAt).toISOString() })) };
}

/** One saved row of the company, or the kind's 404 naming `field` (the id of the request). */
async function findSaved<Row>(database: Database, kind: Saved<Row>, companyId: string, id: string, tx?: Tx, field = 'id'): Promise<Row> {
  const [r] = await database.rows<Row>(sql`${selectOf(kind)} WHERE company_id = ${companyId} AND id = ${id}`, tx);
  if (!r) throw new AppError(kind.notFound, { field });
  return r;
}

async function save<Row extends { id: string; isDefault: boolean; updatedAt: string }>(
  database: Database,
  kind: Saved<Row>,
  ctx: { companyId: string; actor: Actor },
  body: Omit<Row, 'id' | 'isDefault' | 'updatedAt'> & { id?: string; isDefault: boolean },
): Promise<Row> {
  const table = sql.raw(kind.table);
  const values = Object.keys(kind.fields).map((k) => (body as Record<string, unknown>)[k] as string);
  const columns = Object.values<string>(kind.fields);
  const id = await database.db.transaction(async (tx) => {
    // one writer of a company's saved rows at a time, so "one default" and the count hold
    await database.rows(sql`SELECT id FROM companies WHERE id = ${ctx.companyId} FOR NO KEY UPDATE`, tx);
    const before = body.id ? await findSaved(database, kind, ctx.companyId, body.id, tx) : null;
    if (!before) {
      const [n] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM ${table} WHERE company_id = ${ctx.companyId}`, tx);
      if (n.n >= INVOICE_LIMITS.savedMax) throw new AppError(30017, { params: { max: INVOICE_LIMITS.savedMax } });
    }
    if (body.isDefault) {
      await database.rows(sql`UPDATE ${table} SET is_default = false WHERE company_id = ${ctx.companyId} AND is_default`, tx);
    }
    const [row] = before
      ? await database.rows<{ id: string }>(
          sql`UPDATE ${table} SET ${sql.join(
            columns.map((c, i) => sql`${sql.raw(c)} = ${values[i]}`),
            sql`, `,
          )}, is_default = ${body.isDefault}, updated_at = now()
              WHERE id = ${before.id} AND company_id = ${ctx.companyId} RETURNING id`,
          tx,
        )
      : await database.rows<{ id: string }>(
          sql`INSERT INTO ${table} (company_id, ${sql.raw(columns.join(', '))}, is_default)
              VALUES (${ctx.companyId}, ${sql.join(
                values.map((v) => sql`${v}`),
                sql`, `,
              )}, ${body.isDefault}) RETURNING id`,
          tx,
        );
    const after = await findSaved(database, kind, ctx.companyId, row.id, tx);
    const strip = (r: Row | null) => (r ? (({ updatedAt: _u, id: _i, ...rest }) => rest)(r) : null);
    await recordAudit(database, tx, ctx.actor, {
      action: kind.save,
      companyId: ctx.companyId,
      targetType: kind.targetType,
      targetId: row.id,
      targetLabel: kind.label(after),
      changes: changesOf(strip(before), strip(after)),
    });
    return row.id;
  });
  const saved = await findSaved(database, kind, ctx.companyId, id);
  return { ...saved, updatedAt: new Date(saved.updatedAt).toISOString() };
}

async function remove<Row>(database: Database, kind: Saved<Row>, ctx: { companyId: string; actor: Actor }, id: string): Promise<null> {
  const table = sql.raw(kind.table);
  await database.db.transaction(async (tx) => {
    const before = await findSaved(database, kind, ctx.companyId, id, tx);
    await database.rows(sql`DELETE FROM ${table} WHERE id = ${id} AND company_id = ${ctx.companyId}`, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: kind.remove,
      companyId: ctx.companyId,
      targetType: kind.targetType,
      targetId: id,
      targetLabel: kind.label(before),
    });
  });
  return null;
}

export const listTitles = (database: Database, companyId: string) => list(database, TITLES, companyId);
export const saveTitle = (database: Database, ctx: { companyId: string; actor: Actor }, body: TInvoiceTitleSave) => save(database, TITLES, ctx, body);
export const deleteTitle = (database: Database, ctx: { companyId: string; actor: Actor }, id: string) => remove(database, TITLES, ctx, id);
export const findTitle = (database: Database, companyId: string, id: string, tx?: Tx) => findSaved(database, TITLES, companyId, id, tx, TITLES.idField);

export const listRecipients = (database: Database, companyId: string) => list(database, RECIPIENTS, companyId);
export const saveRecipient = (database: Database, ctx: { companyId: string; actor: Actor }, body: TRecipientSave) => save(database, RECIPIENTS, ctx, body);
export const deleteRecipient = (database: Database, ctx: { companyId: string; actor: Actor }, id: string) => remove(database, RECIPIENTS, ctx, id);
export const findRecipient = (database: Database, companyId: string, id: string, tx?: Tx) =>
  findSaved(database, RECIPIENTS, companyId, id, tx, RECIPIENTS.idField);

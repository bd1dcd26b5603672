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
import type { Count, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';

/**
 * Saved invoice headers and recipients: the same life (list, save, delete, one default per
 * company), each a table of its own. `fields` maps the API's names to the columns.
 */
type Saved<R> = {
  table: 'invoice_titles' | 'invoice_recipients';
  fields: Record<Exclude<keyof R, 'id' | 'isDefault' | 'updatedAt'>, string>;
  notFound: ErrorCode;
  /** the request field an unknown id is reported on when an application names it */
  idField: 'titleId' | 'recipientId';
  targetType: 'invoice_title' | 'invoice_recipient';
  save: AuditAction;
  remove: AuditAction;
  label: (row: R) => string;
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

function selectOf<R>(kind: Saved<R>): SQL {
  const cols = Object.entries<string>(kind.fields).map(([api, col]) => `${col} AS "${api}"`);
  return sql.raw(`SELECT id, ${cols.join(', ')}, is_default AS "isDefault", updated_at AS "updatedAt" FROM ${kind.table}`);
}

async function list<R extends { updatedAt: string }>(database: Database, kind: Saved<R>, scope: TenantScope): Promise<{ list: R[] }> {
  const rows = await database.rows<R>(sql`${selectOf(kind)} WHERE ${scope.owns()} ORDER BY is_default DESC, updated_at DESC, id`);
  return { list: rows.map((r) => ({ ...r, updatedAt: new Date(r.updatedAt).toISOString() })) };
}

/** One saved row of the company, or the kind's 404 naming `field` (the id of the request). */
async function findSaved<R>(database: Database, kind: Saved<R>, scope: TenantScope, id: string, tx?: Tx, field = 'id'): Promise<R> {
  const [r] = await database.rows<R>(sql`${selectOf(kind)} WHERE ${scope.owns()} AND id = ${id}`, tx);
  if (!r) throw new AppError(kind.notFound, { field });
  return r;
}

async function save<R extends { id: string; isDefault: boolean; updatedAt: string }>(
  database: Database,
  kind: Saved<R>,
  ctx: { scope: TenantScope; actor: Actor },
  body: Omit<R, 'id' | 'isDefault' | 'updatedAt'> & { id?: string; isDefault: boolean },
): Promise<R> {
  const { scope } = ctx;
  const table = sql.raw(kind.table);
  const values = Object.keys(kind.fields).map((k) => (body as Record<string, unknown>)[k] as string);
  const columns = Object.values<string>(kind.fields);
  const id = await database.db.transaction(async (tx) => {
    // one writer of a company's saved rows at a time, so "one default" and the count hold
    await database.rows(sql`SELECT id FROM companies WHERE id = ${scope.companyId} FOR NO KEY UPDATE`, tx);
    const before = body.id ? await findSaved(database, kind, scope, body.id, tx) : null;
    if (!before) {
      const [n] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM ${table} WHERE ${scope.owns()}`, tx);
      if (n.n >= INVOICE_LIMITS.savedMax) throw new AppError(30017, { params: { max: INVOICE_LIMITS.savedMax } });
    }
    if (body.isDefault) {
      await database.rows(sql`UPDATE ${table} SET is_default = false WHERE ${scope.owns()} AND is_default`, tx);
    }
    const [row] = before
      ? await database.rows<Row<Saved<R>['table'], 'id'>>(
          sql`UPDATE ${table} SET ${sql.join(
            columns.map((c, i) => sql`${sql.raw(c)} = ${values[i]}`),
            sql`, `,
          )}, is_default = ${body.isDefault}, updated_at = now()
              WHERE id = ${before.id} AND ${scope.owns()} RETURNING id`,
          tx,
        )
      : await database.rows<Row<Saved<R>['table'], 'id'>>(
          sql`INSERT INTO ${table} (company_id, ${sql.raw(columns.join(', '))}, is_default)
              VALUES (${scope.companyId}, ${sql.join(
                values.map((v) => sql`${v}`),
                sql`, `,
              )}, ${body.isDefault}) RETURNING id`,
          tx,
        );
    const after = await findSaved(database, kind, scope, row.id, tx);
    const strip = (r: R | null) => (r ? (({ updatedAt: _u, id: _i, ...rest }) => rest)(r) : null);
    await recordAudit(database, tx, ctx.actor, {
      action: kind.save,
      companyId: scope.companyId,
      targetType: kind.targetType,
      targetId: row.id,
      targetLabel: kind.label(after),
      changes: changesOf(strip(before), strip(after)),
    });
    return row.id;
  });
  const saved = await findSaved(database, kind, scope, id);
  return { ...saved, updatedAt: new Date(saved.updatedAt).toISOString() };
}

async function remove<R>(database: Database, kind: Saved<R>, ctx: { scope: TenantScope; actor: Actor }, id: string): Promise<null> {
  const table = sql.raw(kind.table);
  await database.db.transaction(async (tx) => {
    const before = await findSaved(database, kind, ctx.scope, id, tx);
    await database.rows(sql`DELETE FROM ${table} WHERE id = ${id} AND ${ctx.scope.owns()}`, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: kind.remove,
      companyId: ctx.scope.companyId,
      targetType: kind.targetType,
      targetId: id,
      targetLabel: kind.label(before),
    });
  });
  return null;
}

type Ctx = { scope: TenantScope; actor: Actor };

export const listTitles = (database: Database, scope: TenantScope) => list(database, TITLES, scope);
export const saveTitle = (database: Database, ctx: Ctx, body: TInvoiceTitleSave) => save(database, TITLES, ctx, body);
export const deleteTitle = (database: Database, ctx: Ctx, id: string) => remove(database, TITLES, ctx, id);
export const findTitle = (database: Database, scope: TenantScope, id: string, tx?: Tx) => findSaved(database, TITLES, scope, id, tx, TITLES.idField);

export const listRecipients = (database: Database, scope: TenantScope) => list(database, RECIPIENTS, scope);
export const saveRecipient = (database: Database, ctx: Ctx, body: TRecipientSave) => save(database, RECIPIENTS, ctx, body);
export const deleteRecipient = (database: Database, ctx: Ctx, id: string) => remove(database, RECIPIENTS, ctx, id);
export const findRecipient = (database: Database, scope: TenantScope, id: string, tx?: Tx) =>
  findSaved(database, RECIPIENTS, scope, id, tx, RECIPIENTS.idField);

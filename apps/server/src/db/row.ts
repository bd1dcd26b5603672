import type { Column, Table } from 'drizzle-orm';
import type * as schema from './schema/index.js';

/**
 * Row types of raw statements, derived from the Drizzle schema and keyed by SQL names, so a
 * renamed or retyped column fails to compile where it is read (docs/architecture.md "Typing a query"):
 *
 *   database.rows<Row<'alarms', 'id' | 'alarm_no'>>(sql`SELECT id, alarm_no FROM alarms …`)
 *   database.rows<Row<'devices', 'id'> & As<'companies', { company_name: 'name' }>>(sql`SELECT d.id, c.name AS company_name …`)
 *
 * Values have the types they arrive as (db/wire-types.ts): timestamps, dates, intervals, bigint
 * and numeric as text; bytea as a Uint8Array.
 */

type Schema = typeof schema;

/** The schema's tables by their SQL name. */
export type Tables = { [K in keyof Schema as Schema[K] extends Table ? Schema[K]['_']['name'] : never]: Schema[K] };
export type TableName = keyof Tables;

/** Column types a raw statement answers as text (db/wire-types.ts). */
type TextOnTheWire =
  | 'PgTimestamp'
  | 'PgTimestampString'
  | 'PgDate'
  | 'PgDateString'
  | 'PgInterval'
  | 'PgNumeric'
  | 'PgNumericNumber'
  | 'PgNumericBigInt'
  | 'PgBigInt53'
  | 'PgBigInt64'
  | 'PgBigSerial53'
  | 'PgBigSerial64';

// bytea: node-postgres gives a Buffer, PGlite a plain Uint8Array
type Wire<C extends Column> = C['_']['columnType'] extends TextOnTheWire ? string : C['_']['data'] extends Uint8Array ? Uint8Array : C['_']['data'];
type ValueOf<C extends Column> = C['_']['notNull'] extends true ? Wire<C> : Wire<C> | null;
type ColumnsOf<N extends TableName> = Tables[N]['_']['columns'] extends infer C extends Record<string, Column> ? C : never;
type RowOf<Cs extends Record<string, Column>> = { -readonly [K in keyof Cs as Cs[K]['_']['name']]: ValueOf<Cs[K]> };

/** A whole row of table `N` as a raw `SELECT *` answers it. */
export type TableRow<N extends TableName> = RowOf<ColumnsOf<N>>;
export type ColumnName<N extends TableName> = keyof TableRow<N> & string;

/** Columns `C` of table `N`, under their own names. */
export type Row<N extends TableName, C extends ColumnName<N> = ColumnName<N>> = Pick<TableRow<N>, C>;

/** The value of column `C` of table `N` (for a computed field that has a column's type). */
export type Col<N extends TableName, C extends ColumnName<N>> = TableRow<N>[C];

/** Columns of table `N` under other names (`SELECT c.name AS company_name`): `{ alias: column }`. */
export type As<N extends TableName, M extends Record<string, ColumnName<N>>> = { [A in keyof M]: TableRow<N>[M[A]] };

/** `Row`s columns that a LEFT JOIN may leave empty. */
export type Nullable<R> = { [K in keyof R]: R[K] | null };

/**
 * Columns of `R` read as numbers (`total_fen::float8 AS total_fen`): a bigint or numeric column
 * the code computes with, which would otherwise arrive as text. An empty value stays null.
 */
export type AsNumber<R extends { [K in keyof R]: string | null }> = { [K in keyof R]: null extends R[K] ? number | null : number };

/** `SELECT count(*)::int AS n` (a bare count(*) is bigint, which arrives as text). */
export type Count = { n: number };

/**
 * Row `R` with some columns narrowed to a contract's type (`status: DeviceStatus`, a jsonb
 * column's shape); each must fit the column's own type.
 */
export type Narrow<R, N extends { [K in keyof N]: K extends keyof R ? R[K] : never }> = Omit<R, keyof N> & N;

/** The one row of `EXPLAIN (FORMAT JSON) …`: the plan, parsed. */
export type QueryPlan = { 'QUERY PLAN': unknown };

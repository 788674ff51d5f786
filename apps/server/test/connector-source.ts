import type { ImportEntity } from '@dossier/shared';
import { kolkataWallClock, watermarkMillis } from '../src/modules/connector/values';
import type { SourceDb } from './source-dbs';

/** Rows per entity, by contract column, as a distributor's files would hold them ('' or null = empty). */
export type OrgRows = Partial<Record<ImportEntity, Record<string, string | null>[]>>;

// Source tables use the database's own types where a distributor's would: the connector must turn
// them into contract text (booleans, amounts, dates, instants) by itself.
const INSTANTS = new Set(['issued_at', 'valid_from', 'valid_to']);
const DATES = new Set([
  'registered_at',
  'documents_at',
  'training_at',
  'exam_at',
  'certified_at',
  'first_sale_at',
  'expiry_date',
  'next_due_date',
  'case_date',
  'lead_date',
]);
const BOOLEANS = new Set(['active', 'li_pos_status', 'gi_pos_status', 'email_report_access', 'download_report_access']);
const AMOUNTS = new Set(['paid_amount', 'weightage_premium', 'loan_amount', 'premium', 'target_wp']);
const INTEGERS = new Set(['product_type_id', 'premium_payment_term']);

function columnType(kind: SourceDb['kind'], column: string): string {
  if (INSTANTS.has(column)) return kind === 'postgres' ? 'timestamptz' : 'datetime(6)';
  if (DATES.has(column)) return 'date';
  if (BOOLEANS.has(column)) return kind === 'postgres' ? 'boolean' : 'tinyint(1)';
  if (AMOUNTS.has(column)) return 'decimal(14,2)';
  if (INTEGERS.has(column)) return 'integer';
  return kind === 'postgres' ? 'text' : 'varchar(500)';
}

function sourceValue(kind: SourceDb['kind'], column: string, value: string | null | undefined): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (BOOLEANS.has(column) && kind === 'mysql') return ['true', '1', 'yes', 'y'].includes(value.toLowerCase()) ? 1 : 0;
  if (INSTANTS.has(column)) {
    // An instant without an offset is Indian time (the contract's rule); MariaDB's DATETIME has no zone,
    // so there the distributor stores Indian wall-clock time.
    const ms = watermarkMillis(value);
    if (ms === null) throw new Error(`${column} "${value}" is no instant`);
    return kind === 'mysql' ? kolkataWallClock(new Date(ms)) : new Date(ms).toISOString();
  }
  return value;
}

const stampType = (kind: SourceDb['kind']) => (kind === 'postgres' ? 'timestamptz' : 'datetime(6)');
export const stampValue = (kind: SourceDb['kind'], at: Date): string => (kind === 'postgres' ? at.toISOString() : kolkataWallClock(at));

/**
 * Creates the entity's source table (its contract columns plus `updated_at` and `created_at`) and
 * inserts the rows, row i stamped `stamp(i)` for both. Returns the table's name.
 */
export async function writeSourceTable(
  src: SourceDb,
  entity: ImportEntity,
  rows: readonly Record<string, string | null>[],
  columns: readonly string[],
  stamp: (i: number) => Date,
): Promise<string> {
  const table = src.table(entity);
  const defs = columns.map((c) => `${c} ${columnType(src.kind, c)}`).join(', ');
  await src.exec(`create table ${table} (${defs}, updated_at ${stampType(src.kind)} not null, created_at ${stampType(src.kind)} not null)`);
  const all = [...columns, 'updated_at', 'created_at'];
  for (const [i, row] of rows.entries()) {
    const at = stampValue(src.kind, stamp(i));
    const marks = all.map((_, j) => (src.kind === 'postgres' ? `$${j + 1}` : '?')).join(', ');
    await src.exec(`insert into ${table} (${all.join(', ')}) values (${marks})`, [
      ...columns.map((c) => sourceValue(src.kind, c, row[c])),
      at,
      at,
    ]);
  }
  return table;
}

/** Sets columns of the rows matching `where` (column = value) and stamps them changed at `at`. */
export async function touchSourceRow(
  src: SourceDb,
  table: string,
  where: Record<string, string>,
  set: Record<string, string | null>,
  at: Date,
): Promise<void> {
  const p = (i: number) => (src.kind === 'postgres' ? `$${i}` : '?');
  const sets = Object.keys(set).map((c, i) => `${c} = ${p(i + 1)}`);
  const n = sets.length;
  const conds = Object.keys(where).map((c, i) => `${c} = ${p(n + i + 2)}`);
  await src.exec(`update ${table} set ${sets.join(', ')}${n > 0 ? ', ' : ''}updated_at = ${p(n + 1)} where ${conds.join(' and ')}`, [
    ...Object.entries(set).map(([c, v]) => sourceValue(src.kind, c, v)),
    stampValue(src.kind, at),
    ...Object.values(where),
  ]);
}

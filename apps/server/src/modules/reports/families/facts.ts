import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Employees } from '../../../platform/db-types';
import { isDirect } from '../../etl/module';

export interface Measures {
  nop: number;
  premium: number;
  wp: number;
  loan: number;
}

/** An employee as a report row names them, selected as `unique_code as code, name`. */
export type EmployeeLabel = Pick<Selectable<Employees>, 'name'> & { code: Selectable<Employees>['unique_code'] };

export interface FactScope {
  statuses?: readonly string[];
  lines?: readonly string[];
  /** true: only business without a partner (direct and online channels). */
  directOnly?: boolean;
}

/**
 * Extra where-clause fragments of a scope on a fact or policies row (alias `row`, default f). `line` is
 * the row's product line: a column where the table has one, else looked up from its product.
 */
export function scopeFilter(
  scope: FactScope,
  line: RawBuilder<unknown> = sql`(select line from products where product_type_id = f.product_type_id)`,
  row: RawBuilder<unknown> = sql`f`,
): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (scope.statuses) parts.push(sql`${row}.status = any(${[...scope.statuses]}::text[])`);
  if (scope.lines) parts.push(sql`${line} = any(${[...scope.lines]}::text[])`);
  if (scope.directOnly) parts.push(isDirect(sql`${row}.channel`));
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

export const MEASURES = sql`coalesce(sum(f.nop), 0)::int as nop, coalesce(sum(f.premium), 0)::float8 as premium,
  coalesce(sum(f.weightage_premium), 0)::float8 as wp, coalesce(sum(f.loan_amount), 0)::float8 as loan`;

export const addMeasures = (a: Measures, b: Measures): Measures => ({
  nop: a.nop + b.nop,
  premium: a.premium + b.premium,
  wp: a.wp + b.wp,
  loan: a.loan + b.loan,
});
export const ZERO: Measures = { nop: 0, premium: 0, wp: 0, loan: 0 };

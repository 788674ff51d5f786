import type { FilterDetailsResponse } from '@dossier/shared';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db';
import type { Insurers, States } from '../../platform/db-types';
import type { Viewer } from '../../platform/viewer';
import type { DateRange } from './context';

/** An option of the insurer or state multi-select: the name of an insurer or a state. */
type OptionRow = Pick<Selectable<Insurers> | Selectable<States>, 'name'>;

/** Reports whose rows are policies renewing in the range (renewal dues): their options come from those policies. */
const RENEWAL_REPORTS: readonly number[] = [38];

/**
 * The insurer and state options the report can show rows for in the viewer's subtree: with business in the
 * range, or for renewal dues, with renewals falling in it.
 */
export async function filterDetails(
  db: Db,
  viewer: Viewer,
  range: DateRange,
  products: number[] | undefined,
  include: readonly ('insurer' | 'state')[],
  reportId?: number,
): Promise<FilterDetailsResponse> {
  const renewals = reportId !== undefined && RENEWAL_REPORTS.includes(reportId);
  const productFilter = products?.length ? sql`and f.product_type_id = any(${products}::int[])` : sql``;
  const options = async (table: 'insurers' | 'states', column: 'insurer_id' | 'state_id') => {
    const rows = renewals
      ? await sql<OptionRow>`
      select t.name from ${sql.table(table)} t
      where t.id in (
        select f.${sql.ref(column)} from policies f
        where f.employee_id = any(array(select descendant_id from employee_closure where ancestor_id = ${viewer.employeeId}))
          and f.status = 'success' and f.policy_no is not null
          and f.expiry_date between ${range.start}::date and ${range.end}::date ${productFilter})
      order by t.name`.execute(db)
      : await sql<OptionRow>`
      select t.name from ${sql.table(table)} t
      where exists (
        select 1 from fact_daily_business f
        where f.${sql.ref(column)} = t.id and f.day between ${range.start}::date and ${range.end}::date ${productFilter}
          and f.employee_id in (select descendant_id from employee_closure where ancestor_id = ${viewer.employeeId}))
      order by t.name`.execute(db);
    return rows.rows.map((r) => ({ name: r.name, isSelected: true }));
  };
  return {
    insurer: include.includes('insurer') ? await options('insurers', 'insurer_id') : [],
    state: include.includes('state') ? await options('states', 'state_id') : [],
  };
}

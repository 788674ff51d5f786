import type { FilterDetailsResponse } from '@dossier/shared';
import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { Viewer } from '../../platform/viewer';
import type { DateRange } from './context';

/** Insurers and states with business in the range in the viewer's subtree (the filter multi-selects' options). */
export async function filterDetails(
  db: Db,
  viewer: Viewer,
  range: DateRange,
  products: number[] | undefined,
  include: readonly ('insurer' | 'state')[],
): Promise<FilterDetailsResponse> {
  const productFilter = products?.length ? sql`and f.product_type_id = any(${products}::int[])` : sql``;
  const options = async (table: 'insurers' | 'states', column: 'insurer_id' | 'state_id') => {
    const rows = await sql<{ name: string }>`
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

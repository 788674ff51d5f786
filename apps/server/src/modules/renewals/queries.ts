import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { DateRange } from '../../platform/date-ranges';
import { containsPattern } from '../../platform/like';
import type { Paging } from '../../platform/paging';
import type { RenewalsDueQuery } from '@dossier/shared';

/** The table's sort on the server: a column and its direction, then the default order breaks ties. */
export type RenewalsDueOrder = Pick<RenewalsDueQuery, 'search' | 'sort' | 'order'>;

/**
 * Life policies with an instalment due in the range, per partner, for partners currently mapped
 * into the viewer's subtree (whoever chases the renewal now), most dues first unless `sort` says otherwise.
 */
export function renewalsDue(db: Db, viewerEmployeeId: number, range: DateRange, list: Paging & RenewalsDueOrder) {
  const direction = list.order ?? (list.sort === 'code' ? 'asc' : 'desc');
  let query = db
    .selectFrom('policies as pol')
    .innerJoin('products as pr', 'pr.product_type_id', 'pol.product_type_id')
    .innerJoin('partners as p', 'p.id', 'pol.partner_id')
    .where('pr.line', '=', 'life')
    .where('pol.status', '=', 'success')
    .where('pol.next_due_date', '>=', range.start)
    .where('pol.next_due_date', '<=', range.end)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('partner_mappings as m')
          .innerJoin('employee_closure as c', 'c.descendant_id', 'm.manager_id')
          .select(sql`1`.as('one'))
          .whereRef('m.partner_id', '=', 'pol.partner_id')
          .where('m.valid_to', 'is', null)
          .where('c.ancestor_id', '=', viewerEmployeeId),
      ),
    )
    .$if(Boolean(list.search), (q) => q.where('p.unique_code', 'ilike', containsPattern(list.search ?? '')))
    .groupBy('p.unique_code')
    .select([
      'p.unique_code as code',
      sql<number>`count(*)::int`.as('nop'),
      sql<string>`coalesce(sum(pol.paid_amount), 0)`.as('premium'),
      sql<string>`count(*) over ()`.as('total_count'),
    ]);
  if (list.sort === 'code') query = query.orderBy('p.unique_code', direction);
  else if (list.sort === 'premium') query = query.orderBy('premium', direction).orderBy('nop', direction);
  else query = query.orderBy('nop', direction).orderBy('premium', direction);
  return query.orderBy('p.unique_code').limit(list.limit).offset(list.offset).execute();
}

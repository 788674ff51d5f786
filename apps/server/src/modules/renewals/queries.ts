import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { wholeMonths, type DateRange } from '../../platform/date-ranges';
import { containsPattern } from '../../platform/like';
import type { Paging } from '../../platform/paging';
import type { RenewalsDueQuery } from '@dossier/shared';

/** The table's sort on the server: a column and its direction, then the default order breaks ties. */
export type RenewalsDueOrder = Pick<RenewalsDueQuery, 'search' | 'sort' | 'order'>;

/**
 * Life policies with an instalment due in the range, per partner mapped into the viewer's subtree, most dues
 * first unless `sort` says otherwise. Whole months read the ETL's per-subtree dues (decision 044); other ranges
 * ask each mapped partner for its dues through the policies' index.
 */
export function renewalsDue(db: Db, viewerEmployeeId: number, range: DateRange, list: Paging & RenewalsDueOrder) {
  const direction = list.order ?? (list.sort === 'code' ? 'asc' : 'desc');
  const months = wholeMonths(range);
  const [first, second] = list.sort === 'premium' ? (['d.premium', 'd.nop'] as const) : (['d.nop', 'd.premium'] as const);
  const topOnly = list.sort !== 'code' && !list.search;
  // One month ranked by count or premium: the viewer's rows are one per partner, so the page is read in rank
  // order from an index and the total counted apart, rather than ranking every partner due.
  const month = topOnly && months?.length === 1 ? months[0] : undefined;
  const subtree = db.selectFrom('fact_subtree_partner_dues as f').where('f.ancestor_id', '=', viewerEmployeeId);
  const dues = month
    ? subtree.where('f.month', '=', month).select(['f.partner_id', 'f.nop', 'f.premium'])
    : months
      ? subtree
          .where(sql<boolean>`f.month = any(${months}::date[])`)
          .groupBy('f.partner_id')
          .select(['f.partner_id', sql<number>`sum(f.nop)::int`.as('nop'), sql<string>`sum(f.premium)`.as('premium')])
      : db
          .selectFrom('policies as pol')
          .innerJoin('products as pr', 'pr.product_type_id', 'pol.product_type_id')
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
          .groupBy('pol.partner_id')
          .select(['pol.partner_id', sql<number>`count(*)::int`.as('nop'), sql<string>`coalesce(sum(pol.paid_amount), 0)`.as('premium')])
          // A partner with a current mapping: never null.
          .$narrowType<{ partner_id: number }>();
  const total = month
    ? subtree.where('f.month', '=', month).select((eb) => eb.fn.countAll<string>().as('n'))
    : sql<string>`count(*) over ()`;
  // Ranked without a search, a page needs the codes only of rows up to its end and those tied with the last
  // (the code breaks ties), not of every partner ranked.
  const ranked = db
    .selectFrom(dues.as('d'))
    .selectAll('d')
    .select(total.as('total_count'))
    // A count: never null, though a scalar subquery's type says it may be.
    .$narrowType<{ total_count: string }>()
    .$if(topOnly, (q) =>
      q
        .orderBy(first, direction)
        .orderBy(second, direction)
        .fetch(list.offset + list.limit, 'with ties'),
    );
  let query = db
    .selectFrom(ranked.as('d'))
    // Each partner looked up by its key (`offset 0` keeps it a lookup): as a join, PostgreSQL hashed every
    // partner of the organisation for an ASM's two thousand.
    .innerJoinLateral(
      (eb) => eb.selectFrom('partners as p').select('p.unique_code').whereRef('p.id', '=', 'd.partner_id').offset(0).as('p'),
      (join) => join.onTrue(),
    )
    .$if(Boolean(list.search), (q) => q.where('p.unique_code', 'ilike', containsPattern(list.search ?? '')))
    // A search's total counts what it found.
    .select([
      'p.unique_code as code',
      'd.nop',
      'd.premium',
      list.search ? sql<string>`count(*) over ()`.as('total_count') : 'd.total_count',
    ]);
  query = list.sort === 'code' ? query.orderBy('p.unique_code', direction) : query.orderBy(first, direction).orderBy(second, direction);
  return query.orderBy('p.unique_code').limit(list.limit).offset(list.offset).execute();
}

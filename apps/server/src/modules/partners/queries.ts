import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { MappedPartnersQuery } from '@dossier/shared';
import { containsPattern } from '../../platform/like';
import type { Paging } from '../../platform/paging';

const SORT_COLUMN = { name: 'p.name', code: 'p.pos_code', li: 'p.li_pos_status' } as const;

type MappedPartnersList = Paging & Pick<MappedPartnersQuery, 'search' | 'sort' | 'order'>;

/** Mappings in force at `at` to someone in the viewer's subtree (history, not just today), with the list's search. */
function mappingsAsOn(db: Db, viewerEmployeeId: number, at: Date, search: string | undefined) {
  const pattern = search ? containsPattern(search) : null;
  return db
    .selectFrom('partner_mappings as m')
    .innerJoin('employee_closure as c', (j) => j.onRef('c.descendant_id', '=', 'm.manager_id').on('c.ancestor_id', '=', viewerEmployeeId))
    .where('m.valid_from', '<=', at)
    .where((eb) => eb.or([eb('m.valid_to', 'is', null), eb('m.valid_to', '>', at)]))
    .$if(pattern !== null, (q) =>
      q.where('m.partner_id', 'in', (eb) =>
        eb
          .selectFrom('partners as s')
          .select('s.id')
          .where((w) =>
            w.or([
              w('s.name', 'ilike', pattern ?? ''),
              w('s.pos_code', 'ilike', pattern ?? ''),
              w('s.unique_code', 'ilike', pattern ?? ''),
            ]),
          ),
      ),
    );
}

/** One page of the partners mapped into the viewer's subtree at `at`, in the list's order. */
export function mappedPartnersAsOn(db: Db, viewerEmployeeId: number, at: Date, list: MappedPartnersList) {
  return mappingsAsOn(db, viewerEmployeeId, at, list.search)
    .innerJoin('partners as p', 'p.id', 'm.partner_id')
    .innerJoin('employees as e', 'e.id', 'm.manager_id')
    .select([
      'p.name',
      'p.pos_code',
      'p.unique_code',
      'p.li_pos_status',
      'p.gi_pos_status',
      'e.name as manager_name',
      'e.unique_code as manager_code',
      'm.reporting_type',
      'm.valid_from',
    ])
    .orderBy(SORT_COLUMN[list.sort ?? 'name'], list.order ?? 'asc')
    .orderBy('p.unique_code')
    .limit(list.limit)
    .offset(list.offset)
    .execute();
}

/**
 * How many rows the list has, counted apart from the page (with `count(*) over ()` every row is built and
 * sorted). Without a search, from the ETL's per-manager counts plus unfolded changes, adjusted to `at`
 * (docs/decisions/045-mapped-partners-count.md).
 */
export async function countMappedPartnersAsOn(db: Db, viewerEmployeeId: number, at: Date, search: string | undefined): Promise<number> {
  if (search) {
    const row = await mappingsAsOn(db, viewerEmployeeId, at, search)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  const res = await sql<{ n: number }>`
    with team as (select descendant_id as id from employee_closure where ancestor_id = ${viewerEmployeeId})
    select (
      coalesce((select sum(f.mapped) from fact_manager_partners f where f.manager_id in (select id from team)), 0)
      + coalesce((select sum(c.sign) from etl_mapping_changes c where c.manager_id in (select id from team)), 0)
      - (select count(*) from partner_mappings m
         where m.manager_id in (select id from team) and m.valid_to is null and m.valid_from > ${at})
      + (select count(*) from partner_mappings m
         where m.manager_id in (select id from team) and m.valid_to > ${at} and m.valid_from <= ${at})
    )::int as n`.execute(db);
  return res.rows[0]?.n ?? 0;
}

/** The partner's current mappings with the manager and the reporting type's name. */
export function currentReporting(db: Db, partnerId: number) {
  return db
    .selectFrom('partner_mappings as m')
    .innerJoin('employees as e', 'e.id', 'm.manager_id')
    .innerJoin('reporting_types as t', 't.id', 'm.reporting_type')
    .where('m.partner_id', '=', partnerId)
    .where('m.valid_to', 'is', null)
    .select(['e.name', 'e.unique_code', 'm.reporting_type', 't.name as reporting_name', 'm.valid_from'])
    .orderBy('m.valid_from')
    .execute();
}

export function partnerPhone(db: Db, partnerId: number) {
  return db.selectFrom('partners').select('phone').where('id', '=', partnerId).executeTakeFirstOrThrow();
}

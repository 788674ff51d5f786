import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { MappedPartnersQuery } from '@dossier/shared';
import { containsPattern } from '../../platform/like';
import type { Paging } from '../../platform/paging';

const SORT_COLUMN = { name: 'p.name', code: 'p.pos_code', li: 'p.li_pos_status' } as const;

/** Partners whose mapping in force at `at` is to someone in the viewer's subtree (history, not just today). */
export function mappedPartnersAsOn(
  db: Db,
  viewerEmployeeId: number,
  at: Date,
  list: Paging & Pick<MappedPartnersQuery, 'search' | 'sort' | 'order'>,
) {
  const pattern = list.search ? containsPattern(list.search) : null;
  return db
    .selectFrom('partner_mappings as m')
    .innerJoin('employee_closure as c', (j) => j.onRef('c.descendant_id', '=', 'm.manager_id').on('c.ancestor_id', '=', viewerEmployeeId))
    .innerJoin('partners as p', 'p.id', 'm.partner_id')
    .innerJoin('employees as e', 'e.id', 'm.manager_id')
    .where('m.valid_from', '<=', at)
    .where((eb) => eb.or([eb('m.valid_to', 'is', null), eb('m.valid_to', '>', at)]))
    .$if(pattern !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('p.name', 'ilike', pattern ?? ''),
          eb('p.pos_code', 'ilike', pattern ?? ''),
          eb('p.unique_code', 'ilike', pattern ?? ''),
        ]),
      ),
    )
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
      sql<string>`count(*) over ()`.as('total_count'),
    ])
    .orderBy(SORT_COLUMN[list.sort ?? 'name'], list.order ?? 'asc')
    .orderBy('p.unique_code')
    .limit(list.limit)
    .offset(list.offset)
    .execute();
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

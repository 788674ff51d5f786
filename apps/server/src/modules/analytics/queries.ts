import type { AnalyticsQuery } from '@dossier/shared';
import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { containsPattern } from '../../platform/like';
import type { Paging } from '../../platform/paging';

export interface MappingCountsRow {
  name: string;
  unique_code: string;
  designation: string;
  raised: number;
  accepted: number;
  rejected: number;
  pending: number;
  cancelled: number;
  motor: number;
  health: number;
  life: number;
  bulk: number;
  total_offline: number;
  total_count: string;
}

/** The dashboard's list on the server: a column and its direction, and a search of the managers. */
export type MappingCountsList = Paging & Pick<AnalyticsQuery, 'search' | 'sort' | 'order'>;

/**
 * Per manager of the viewer's subtree over [from, to): request items by status, online mappings by line,
 * offline mappings opened and in force at the end; managers with nothing left out. One page, sorted by the
 * column asked then by fixed tie-breakers, searched by name, code or designation.
 */
export async function mappingCounts(
  db: Db,
  viewerEmployeeId: number,
  from: Date,
  to: Date,
  list: MappingCountsList,
): Promise<MappingCountsRow[]> {
  const ascending = (list.order ?? (list.sort === 'manager' ? 'asc' : 'desc')) === 'asc';
  const direction = ascending ? sql`asc` : sql`desc`;
  // Each sort but the manager's names its output column (bare names in ORDER BY are the select list's).
  const columns = list.sort === 'manager' ? ['name', 'unique_code'] : list.sort ? [list.sort] : [];
  const order = sql.join([...columns.map((c) => sql`${sql.ref(c)} ${direction}`), sql`raised desc, total_offline desc, name, unique_code`]);
  const pattern = list.search ? containsPattern(list.search) : null;
  const search = pattern ? sql`and (e.name ilike ${pattern} or e.unique_code ilike ${pattern} or e.designation ilike ${pattern})` : sql``;
  const { rows } = await sql<MappingCountsRow>`
    with team as (
      select descendant_id as id from employee_closure where ancestor_id = ${viewerEmployeeId}
    ),
    requested as (
      select r.manager_id,
        count(*)::int as raised,
        (count(*) filter (where i.status = 'accepted'))::int as accepted,
        (count(*) filter (where i.status = 'rejected'))::int as rejected,
        (count(*) filter (where i.status = 'pending'))::int as pending,
        (count(*) filter (where i.status = 'cancelled'))::int as cancelled
      from mapping_requests r
      join mapping_request_items i on i.request_id = r.id
      where r.manager_id in (select id from team) and r.created_at >= ${from} and r.created_at < ${to}
      group by r.manager_id
    ),
    -- The mappings opened since the window's start, read once from the managers' index (its columns alone): the
    -- window's online and offline ones and the offline ones opened after it. Read apart, each per manager of the
    -- subtree, the same index ranges were walked three times (a national head's 1,345 people at 1 crore).
    opened as materialized (
      select m.manager_id, m.valid_from, m.valid_to, m.request_item_id from partner_mappings m
      where m.manager_id in (select id from team) and m.valid_from >= ${from}
    ),
    online as (
      select m.manager_id,
        (count(*) filter (where r.product_line = 'motor'))::int as motor,
        (count(*) filter (where r.product_line = 'health'))::int as health,
        (count(*) filter (where r.product_line = 'life'))::int as life
      from opened m
      join mapping_request_items i on i.id = m.request_item_id
      join mapping_requests r on r.id = i.request_id
      where m.valid_from < ${to}
      group by m.manager_id
    ),
    -- Offline mappings in force at the window's end: those in force now (as the ETL last counted them, plus the
    -- changes it has not folded yet), less those opened since, plus those closed since that were opened before
    -- it (docs/decisions/040-offline-mappings-in-force.md). Each part reads only the mappings of its period; those
    -- opened in the window or after it come from opened.
    offline as (
      select manager_id, sum(bulk)::int as bulk, sum(in_force)::int as total_offline
      from (
        select f.manager_id, 0 as bulk, f.offline as in_force from fact_manager_partners f
        where f.manager_id in (select id from team) and f.offline <> 0
        union all
        select c.manager_id, 0, c.sign from etl_mapping_changes c where c.offline and c.manager_id in (select id from team)
        union all
        select m.manager_id, (m.valid_from < ${to})::int, -(m.valid_from >= ${to} and m.valid_to is null)::int from opened m
        where m.request_item_id is null
        union all
        select m.manager_id, 0, 1 from partner_mappings m
        where m.manager_id in (select id from team) and m.request_item_id is null and m.valid_to >= ${to} and m.valid_from < ${to}
      ) o
      group by manager_id having sum(bulk) <> 0 or sum(in_force) <> 0
    )
    select e.name, e.unique_code, e.designation,
      coalesce(q.raised, 0) as raised, coalesce(q.accepted, 0) as accepted, coalesce(q.rejected, 0) as rejected,
      coalesce(q.pending, 0) as pending, coalesce(q.cancelled, 0) as cancelled,
      coalesce(o.motor, 0) as motor, coalesce(o.health, 0) as health, coalesce(o.life, 0) as life,
      coalesce(f.bulk, 0) as bulk, coalesce(f.total_offline, 0) as total_offline,
      count(*) over () as total_count
    from employees e
    left join requested q on q.manager_id = e.id
    left join online o on o.manager_id = e.id
    left join offline f on f.manager_id = e.id
    where e.id in (select id from team)
      and (q.manager_id is not null or o.manager_id is not null or f.manager_id is not null) ${search}
    order by ${order}
    limit ${list.limit} offset ${list.offset}`.execute(db);
  return rows;
}

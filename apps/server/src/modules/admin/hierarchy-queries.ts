import { sql } from 'kysely';
import type { HierarchyNode, HierarchySearchHit } from '@dossier/shared';
import { HIERARCHY_SEARCH_LIMIT } from '@dossier/shared';
import type { Db } from '../../platform/db';
import { containsPattern } from '../../platform/like';

/**
 * The organisation one level at a time: a person's children (or the top) with their direct reports, everyone
 * below and the partners mapped in their subtree; one closure query per level, whatever the size.
 */
export async function childrenOf(db: Db, parentId: number | null): Promise<HierarchyNode[]> {
  const parent = parentId === null ? sql`e.manager_id is null` : sql`e.manager_id = ${parentId}`;
  const rows = await sql<HierarchyNode>`
    with level as (select e.id, e.unique_code, e.name, e.designation, e.active from employees e where ${parent}),
    sizes as (
      select c.ancestor_id as id, count(*) filter (where c.depth = 1)::int as direct_reports,
        (count(*) - 1)::int as team_size
      from employee_closure c where c.ancestor_id in (select id from level) group by c.ancestor_id
    ),
    partners as (
      select c.ancestor_id as id, count(distinct m.partner_id)::int as partners
      from employee_closure c join partner_mappings m on m.manager_id = c.descendant_id and m.valid_to is null
      where c.ancestor_id in (select id from level) group by c.ancestor_id
    )
    select l.unique_code as code, l.name, l.designation, l.active,
      coalesce(s.direct_reports, 0) as direct_reports, coalesce(s.team_size, 0) as team_size, coalesce(p.partners, 0) as partners
    from level l left join sizes s on s.id = l.id left join partners p on p.id = l.id
    order by l.active desc, s.team_size desc nulls last, l.name`.execute(db);
  return rows.rows;
}

/** People whose code or name matches, each with the codes of their managers from the top down. */
export async function searchHierarchy(db: Db, q: string): Promise<HierarchySearchHit[]> {
  const rows = await sql<HierarchySearchHit>`
    with hits as (
      select e.id, e.unique_code, e.name, e.designation, e.active from employees e
      where e.unique_code ilike ${containsPattern(q)} or e.name ilike ${containsPattern(q)}
      order by (lower(e.unique_code) = lower(${q})) desc, e.active desc, e.name
      limit ${HIERARCHY_SEARCH_LIMIT}
    )
    select h.unique_code as code, h.name, h.designation, h.active,
      array(select a.unique_code from employee_closure c join employees a on a.id = c.ancestor_id
            where c.descendant_id = h.id order by c.depth desc) as path
    from hits h
    order by (lower(h.unique_code) = lower(${q})) desc, h.active desc, h.name`.execute(db);
  return rows.rows;
}

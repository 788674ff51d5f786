import { addDays, ROLE_LIFE_ONLY } from '@dossier/shared';
import { sql } from 'kysely';
import { Rng } from '../apps/server/src/demo/random';
import type { Db } from '../apps/server/src/platform/db';

/** An employee the bench opens screens as. */
export interface BenchViewer {
  id: number;
  unique_code: string;
  name: string;
  emp_role: string;
  designation: string;
}

/** How a viewer is named in the bench's tables: their designation, as the organisation spells it. */
export const viewerName = (v: BenchViewer) => v.designation.replaceAll('_', ' ');

/**
 * The people the bench opens screens as, found from the hierarchy of whatever organisation the database holds
 * (the demo's or an imported one, whatever its designations): the top (the employee with the largest subtree), a
 * zone manager (the top's report with the largest subtree), an area manager (that one's report with the largest
 * subtree), and the RM with most partners mapped to them, with their partner of most business. The life-only
 * role is passed over: it sees other dashboards.
 */
export async function hierarchyViewers(db: Db) {
  const largestUnder = async (ancestor: number | null): Promise<BenchViewer> => {
    const res = await sql<BenchViewer>`
      select e.id, e.unique_code, e.name, e.emp_role, e.designation from employees e
      join employee_closure c on c.ancestor_id = e.id
      where e.active and e.emp_role <> ${ROLE_LIFE_ONLY}
        and ${ancestor === null ? sql`e.manager_id is null` : sql`e.manager_id = ${ancestor}`}
      group by e.id order by count(*) desc, e.id limit 1`.execute(db);
    const found = res.rows[0];
    if (!found) throw new Error(ancestor === null ? 'no employee at the top of the hierarchy' : `no employee under ${ancestor}`);
    return found;
  };
  const top = await largestUnder(null);
  const zone = await largestUnder(top.id);
  const area = await largestUnder(zone.id);
  const busiest = (
    await sql<BenchViewer & { partner_code: string }>`
      with rm as (
        select m.manager_id as id from partner_mappings m join employees e on e.id = m.manager_id
        where m.valid_to is null and e.active and e.emp_role <> ${ROLE_LIFE_ONLY}
        group by m.manager_id order by count(*) desc, m.manager_id limit 1)
      select e.id, e.unique_code, e.name, e.emp_role, e.designation,
        (select pa.unique_code from partner_mappings m join partners pa on pa.id = m.partner_id
          join fact_partner_monthly f on f.partner_id = pa.id
          where m.manager_id = rm.id and m.valid_to is null group by pa.unique_code order by sum(f.nop) desc, pa.unique_code limit 1) as partner_code
      from rm join employees e on e.id = rm.id`.execute(db)
  ).rows[0];
  if (!busiest?.partner_code) throw new Error('no RM with a mapped partner with business');
  const { partner_code, ...rm } = busiest;
  return { top, zone, area, rm, partnerCode: partner_code };
}

/** How long a range picked freely is, and how many the bench draws. */
const FREE_RANGE_DAYS = 49;
const FREE_RANGES = 20;

/**
 * Ranges of seven weeks picked freely: 20 drawn at random (seeded, so every run asks the same ones) with their
 * ends over the year before `today`, most of them across month borders, so no whole month of one is a monthly
 * roll-up cell and no one range's pages stay in the cache.
 */
export function freeRanges(today: string, seed = 20261206): { start_date: string; end_date: string }[] {
  const rng = new Rng(seed, 'bench free ranges');
  return Array.from({ length: FREE_RANGES }, () => {
    const end = addDays(today, -rng.int(1, 365));
    return { start_date: addDays(end, -(FREE_RANGE_DAYS - 1)), end_date: end };
  });
}

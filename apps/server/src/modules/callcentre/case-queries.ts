import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { num } from './access';

/** The latest call of one direction on a case: where a remark's notes belong. */
export async function latestCallId(db: Db, caseId: number, direction: 'customer' | 'partner'): Promise<number | null> {
  const row = await db
    .selectFrom('calls')
    .select('id')
    .where('case_id', '=', caseId)
    .where('direction', '=', direction)
    .orderBy('date_created', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? num(row.id) : null;
}

export interface Recommended {
  id: number;
  name: string;
  unique_code: string;
  pincode: string;
  tier: number;
  business: string;
}

/**
 * Active partners near a pincode: the same pincode first, then the same 3-digit (sorting district)
 * and 2-digit (region) prefix, each tier ranked by the weightage premium they issued in the last
 * 90 days. Every value is a bound parameter.
 */
export async function recommendedPartners(db: Db, pincode: string, excludePartnerId: number | null, limit: number): Promise<Recommended[]> {
  const result = await sql<Recommended>`
    with candidates as (
      select p.id, p.name, p.unique_code, p.pincode,
        case when p.pincode = ${pincode} then 0 when left(p.pincode, 3) = ${pincode.slice(0, 3)} then 1 else 2 end as tier
      from partners p
      where left(p.pincode, 2) = ${pincode.slice(0, 2)}
        and p.id <> ${excludePartnerId ?? -1}
        and exists (select 1 from partner_mappings m where m.partner_id = p.id and m.valid_to is null)
    ), ranked as (
      select c.*, coalesce((
        select sum(po.weightage_premium) from policies po
        where po.partner_id = c.id and po.status = 'success' and po.issued_at >= now() - interval '90 days'
      ), 0) as business
      from candidates c
    )
    select id, name, unique_code, pincode, tier, business::text as business
    from ranked
    order by ranked.tier, ranked.business desc, ranked.name, ranked.id
    limit ${limit}`.execute(db);
  return result.rows;
}

export function partnerByCode(db: Db, code: string) {
  return db
    .selectFrom('partners as p')
    .select(['p.id', 'p.name', 'p.unique_code'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('partner_mappings as m').select('m.id').whereRef('m.partner_id', '=', 'p.id').where('m.valid_to', 'is', null))
        .as('active'),
    )
    .where('p.unique_code', '=', code)
    .executeTakeFirst();
}

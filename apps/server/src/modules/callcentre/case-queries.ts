import type { CaseStatus } from '@dossier/shared';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db';
import type { CaseReassignments as CaseReassignmentsTable, Partners, Remarks as RemarksTable } from '../../platform/db-types';

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
  return row?.id ?? null;
}

/** A partner near the pincode: its tier (0 same pincode, 1 same district, 2 same region) and 90-day business. */
type Recommended = Pick<Selectable<Partners>, 'id' | 'name' | 'unique_code' | 'pincode'> & { tier: number; business: string };

/**
 * Active partners near a pincode: same pincode, then same 3-digit and 2-digit prefix, each tier by weightage
 * premium of the last 90 days. Every value is a bound parameter.
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

/**
 * Moves a case from the status read to the new one; 0 rows when someone changed it in between, which
 * the caller answers with 409. Returns the number of rows updated.
 */
export async function setCaseStatusIfUnchanged(db: Db, caseId: number, from: CaseStatus, to: CaseStatus): Promise<number> {
  const changed = await db
    .updateTable('cases')
    .set({ status: to, updated_at: new Date() })
    .where('id', '=', caseId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows);
}

/** Sets the case's remark (its latest outcome label); inside a transaction this also locks the case's row. */
export async function setCaseRemark(db: Db, caseId: number, label: string | null): Promise<void> {
  await db.updateTable('cases').set({ remark: label, updated_at: new Date() }).where('id', '=', caseId).execute();
}

/** How many remarks a case keeps against one call (or against no call when `callId` is null). */
export async function countRemarksOfCall(db: Db, caseId: number, callId: number | null): Promise<number> {
  const kept = await db
    .selectFrom('remarks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('case_id', '=', caseId)
    .where((eb) => (callId === null ? eb('call_id', 'is', null) : eb('call_id', '=', callId)))
    .executeTakeFirstOrThrow();
  return Number(kept.n);
}

/** Stores one remark (the outcome choice and the notes) against a case and, when there is one, its call. */
export async function insertRemark(db: Db, remark: Insertable<RemarksTable>): Promise<void> {
  await db.insertInto('remarks').values(remark).execute();
}

/**
 * Hands an open case to another partner, only if its partner is still the one read (`fromPartnerId`);
 * 0 rows when a concurrent reassignment or closing came first. Returns the number of rows updated.
 */
export async function reassignOpenCase(db: Db, caseId: number, fromPartnerId: number | null, toPartnerId: number): Promise<number> {
  const changed = await db
    .updateTable('cases')
    .set({ partner_id: toPartnerId, updated_at: new Date() })
    .where('id', '=', caseId)
    .where('status', '=', 'open')
    .where((eb) => (fromPartnerId === null ? eb('partner_id', 'is', null) : eb('partner_id', '=', fromPartnerId)))
    .executeTakeFirst();
  return Number(changed.numUpdatedRows);
}

/** Records who handed the case from which partner to which, for the case's reassignment history. */
export async function insertReassignment(db: Db, reassignment: Insertable<CaseReassignmentsTable>): Promise<void> {
  await db.insertInto('case_reassignments').values(reassignment).execute();
}

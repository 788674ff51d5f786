import type { CaseStatus } from '@dossier/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import type { DB as Database } from '../../platform/db-types';
import type { Paging } from '../../platform/paging';

type CaseScope = ExpressionBuilder<Database & { c: Database['cases'] }, 'c'>;

/**
 * The case's partner is currently mapped to this RM. The RM's partners are read once into an array: as a
 * correlated look-up PostgreSQL compared every lead with every one of them.
 */
const mappedTo = (rmId: number) => () =>
  sql<boolean>`c.partner_id = any(array(
    select m.partner_id from partner_mappings m where m.valid_to is null and m.manager_id = ${rmId}))`;

const count = sql<number>`count(*)::int`.as('n');

/**
 * What a listing shows of a case's calls: how many, the last one's status, whether one still waits for news
 * from the provider (status rank below the final ones); and the filtered total, so a listing needs no second
 * count query (only past the end).
 */
const callColumns = (eb: CaseScope) => [
  eb.selectFrom('calls as k').select(count).whereRef('k.case_id', '=', 'c.id').as('call_count'),
  eb
    .selectFrom('calls as k')
    .select('k.status')
    .whereRef('k.case_id', '=', 'c.id')
    .orderBy('k.date_created', 'desc')
    .orderBy('k.id', 'desc')
    .limit(1)
    .as('last_status'),
  eb
    .exists(eb.selectFrom('calls as k').select('k.id').whereRef('k.case_id', '=', 'c.id').where('k.status_rank', '<', 3))
    .as('has_open_call'),
  sql<number>`(count(*) over ())::int`.as('total'),
];

export interface LeadFilter {
  date?: string | undefined;
  partnerId?: number | undefined;
  category?: number | undefined;
}

function leadsOf(db: Db, rmId: number, f: LeadFilter) {
  let q = db.selectFrom('leads as l').innerJoin('cases as c', 'c.id', 'l.case_id').where(mappedTo(rmId));
  if (f.date) q = q.where('l.lead_date', '=', f.date);
  if (f.partnerId) q = q.where('c.partner_id', '=', f.partnerId);
  if (f.category) q = q.where('l.category_id', '=', f.category);
  return q;
}

export const countLeads = async (db: Db, rmId: number, f: LeadFilter) =>
  (await leadsOf(db, rmId, f).select(count).executeTakeFirstOrThrow()).n;

export function leadsPage(db: Db, rmId: number, f: LeadFilter, paging: Paging) {
  return leadsOf(db, rmId, f)
    .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
    .leftJoin('partners as p', 'p.id', 'c.partner_id')
    .select([
      'l.id as lead_id',
      'l.category_id',
      'l.lead_date',
      'c.id as case_id',
      'c.partner_id',
      'c.product_type_id',
      'c.customer_id',
      'c.remark',
      'c.status',
      'p.name as partner_name',
      'p.unique_code as username',
      'cu.name as customer_name',
    ])
    .select(callColumns)
    .orderBy('l.lead_date', 'desc')
    .orderBy('l.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
}

/** Partners currently mapped to the RM, for the 'Advisor Name' dropdown. */
export function partnersOfRm(db: Db, rmId: number) {
  return db
    .selectFrom('partners as p')
    .select(['p.id', 'p.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('partner_mappings as m')
          .select('m.id')
          .whereRef('m.partner_id', '=', 'p.id')
          .where('m.valid_to', 'is', null)
          .where('m.manager_id', '=', rmId),
      ),
    )
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
}

/** Open leads per category for the RM's partners. */
export async function openLeadsByCategory(db: Db, rmId: number, date?: string): Promise<Map<number, number>> {
  const rows = await leadsOf(db, rmId, { date })
    .where('c.status', '=', 'open')
    .select(['l.category_id', count])
    .groupBy('l.category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, r.n]));
}

export function leadCategories(db: Db) {
  return db.selectFrom('lead_categories').select(['id', 'name', 'icon']).orderBy('sort_order').execute();
}

export interface CaseFilter {
  date?: string | undefined;
  status?: CaseStatus | undefined;
}

/**
 * The cases of an employee's subtree: a TRM's own cases; for a supervisor (or anyone above TRMs), the cases
 * of the TRMs under them.
 */
function casesOf(db: Db, trmId: number, f: CaseFilter) {
  let q = db
    .selectFrom('cases as c')
    .where('c.trm_id', 'in', (eb) => eb.selectFrom('employee_closure').select('descendant_id').where('ancestor_id', '=', trmId));
  if (f.date) q = q.where('c.case_date', '=', f.date);
  if (f.status) q = q.where('c.status', '=', f.status);
  return q;
}

export const countCases = async (db: Db, trmId: number, f: CaseFilter) =>
  (await casesOf(db, trmId, f).select(count).executeTakeFirstOrThrow()).n;

export function casesPage(db: Db, trmId: number, f: CaseFilter, paging: Paging) {
  return casesOf(db, trmId, f)
    .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
    .leftJoin('partners as p', 'p.id', 'c.partner_id')
    .select([
      'c.id as case_id',
      'c.status',
      'c.product_type_id',
      'c.customer_id',
      'c.partner_id',
      'c.case_date',
      'c.created_at',
      'c.pincode',
      'c.remark',
      'p.name as partner_name',
      'p.unique_code as partner_ei_code',
      'cu.name as customer_name',
    ])
    .select(callColumns)
    .orderBy('c.case_date', 'desc')
    .orderBy('c.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
}

/** Non-empty remark notes of each case, newest first (the hover notes of the Remarks column). */
export async function notesOfCases(db: Db, caseIds: readonly number[]): Promise<Map<number, string[]>> {
  const notes = new Map<number, string[]>();
  if (caseIds.length === 0) return notes;
  const rows = await db
    .selectFrom('remarks')
    .select(['case_id', 'notes'])
    .where('case_id', 'in', caseIds)
    .where('notes', '<>', '')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const r of rows) {
    notes.set(r.case_id, [...(notes.get(r.case_id) ?? []), r.notes]);
  }
  return notes;
}

export async function partnerLogsOfCases(db: Db, caseIds: readonly number[]) {
  const logs = new Map<number, { start_time: Date; from_name: string; to_name: string; call_status: string }[]>();
  if (caseIds.length === 0) return logs;
  const rows = await db
    .selectFrom('partner_call_logs')
    .select(['case_id', 'start_time', 'from_name', 'to_name', 'call_status'])
    .where('case_id', 'in', caseIds)
    .orderBy('start_time', 'desc')
    .execute();
  for (const { case_id, ...log } of rows) {
    logs.set(case_id, [...(logs.get(case_id) ?? []), log]);
  }
  return logs;
}

import { formatDay, istInstant, REMARK_OPTIONS } from '@dossier/shared';
import { sql, type Kysely } from 'kysely';
import type { DB as Database } from '../platform/db-types';
import { statusRank } from '../platform/telephony/types';
import { insertRows, type Columns, type DemoRow } from './insert';
import { mobile, personName } from './names';
import type { DemoPlan } from './plan';
import { Rng, Weighted } from './random';

/**
 * Call-centre demo data (docs/product/callcentre.md) built from the loaded organisation: leads, cases, past
 * calls, notes and appointments around the anchor day, so Today and Tomorrow show work. Same seed, same data.
 */

const DEMO_RM_LEADS = 36;
const DEMO_TRM_CASES = 42;
const OTHER_RM_LEADS = 6;
const OTHER_TRM_CASES = 12;
const PARTNER_SAMPLE = 200;

const CATEGORIES = new Weighted<number>([
  [1, 40],
  [2, 20],
  [3, 15],
  [4, 15],
  [5, 10],
]);
// Products people ask to be called back about: mostly motor and health, some life and travel.
const PRODUCTS = new Weighted<number>([
  [10, 22],
  [9, 14],
  [12, 16],
  [11, 6],
  [26, 6],
  [22, 6],
  [34, 8],
  [35, 5],
  [25, 5],
  [13, 3],
  [15, 3],
  [16, 2],
  [20, 4],
]);
const OUTCOMES = new Weighted<'completed' | 'no-answer' | 'busy'>([
  ['completed', 62],
  ['no-answer', 28],
  ['busy', 10],
]);
const NOTES = [
  'Customer asked for a quote comparison with the current insurer',
  'Wants the premium split into instalments',
  'Will share the previous policy copy on WhatsApp',
  'Asked to call back after 6 pm',
  'Interested in adding parents to the health cover',
  'Vehicle RC pending, advisor to collect',
  'Payment link shared, awaiting payment',
  'Prefers a meeting at home on the weekend',
  'Not reachable, phone switched off',
  'Compared two plans, leaning towards the higher sum insured',
];

interface Staff {
  id: number;
  zone: number;
  name: string;
}
interface PartnerPick {
  id: number;
  pincode: string;
  name: string;
}

export async function loadCallCentreDemo(db: Kysely<Database>, plan: DemoPlan, log: (line: string) => void): Promise<void> {
  const rng = new Rng(plan.seed, 'callcentre');
  const demo = await db
    .selectFrom('users as u')
    .innerJoin('employees as e', 'e.id', 'u.employee_id')
    .select(['u.login', 'e.id'])
    .where('u.login', 'in', ['demo.rm', 'demo.trm'])
    .execute();
  const demoRm = demo.find((d) => d.login === 'demo.rm')?.id;
  const demoTrm = demo.find((d) => d.login === 'demo.trm')?.id;
  if (!demoRm || !demoTrm) throw new Error('demo data: demo.rm and demo.trm must be loaded before the call centre');

  // A few partners per RM (all of demo.rm's), and a sample of partners per zone for the TRMs.
  const rmPartners = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('partner_mappings as m')
        .innerJoin('partners as p', 'p.id', 'm.partner_id')
        .innerJoin('employees as e', 'e.id', 'm.manager_id')
        .select((eb) => [
          'm.manager_id',
          'e.zone_id',
          'p.id',
          'p.pincode',
          'p.name',
          eb.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('m.manager_id').orderBy('p.id'))
            .as('n'),
        ])
        .where('m.valid_to', 'is', null)
        .as('x'),
    )
    .select(['manager_id', 'zone_id', 'id', 'pincode', 'name'])
    .where((eb) => eb('n', '<=', eb.case().when('manager_id', '=', demoRm).then(1000).else(OTHER_RM_LEADS).end()))
    .orderBy('manager_id')
    .orderBy('id')
    .execute();
  const zonePartners = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('partners as p')
        .innerJoin('states as s', 's.id', 'p.state_id')
        .select((eb) => [
          's.zone_id',
          'p.id',
          'p.pincode',
          'p.name',
          eb.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('s.zone_id').orderBy('p.id'))
            .as('n'),
        ])
        .where((eb) =>
          eb.exists(
            eb.selectFrom('partner_mappings as m').select('m.id').whereRef('m.partner_id', '=', 'p.id').where('m.valid_to', 'is', null),
          ),
        )
        .as('x'),
    )
    .select(['zone_id', 'id', 'pincode', 'name'])
    .where('n', '<=', PARTNER_SAMPLE)
    .orderBy('zone_id')
    .orderBy('id')
    .execute();
  const trms = await db.selectFrom('employees').select(['id', 'zone_id', 'name']).where('designation', '=', 'trm').orderBy('id').execute();
  const names = new Map(
    (await db.selectFrom('employees').select(['id', 'name']).where('designation', 'in', ['rm', 'trm']).execute()).map((e) => [
      e.id,
      e.name,
    ]),
  );

  const byRm = new Map<number, PartnerPick[]>();
  const rmZone = new Map<number, number>();
  for (const p of rmPartners) {
    byRm.set(p.manager_id, [...(byRm.get(p.manager_id) ?? []), p]);
    rmZone.set(p.manager_id, p.zone_id ?? 1);
  }
  const byZone = new Map<number, PartnerPick[]>();
  for (const p of zonePartners) byZone.set(p.zone_id, [...(byZone.get(p.zone_id) ?? []), p]);

  const w = new Writer(
    rng,
    plan,
    (
      await db
        .selectFrom('customers')
        .select(sql<number>`coalesce(max(id), 0)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

  for (const [rmId, partners] of byRm) {
    const count = rmId === demoRm ? DEMO_RM_LEADS : Math.min(OTHER_RM_LEADS, partners.length);
    for (let i = 0; i < count; i++) {
      const partner = rng.pick(partners);
      const day = w.day(rmId === demoRm, i);
      const caseId = w.addCase({ partner, trmId: null, day, zone: rmZone.get(rmId) ?? 1 });
      w.leads.push({ case_id: caseId, category_id: rmId === demoRm && i < 5 ? i + 1 : CATEGORIES.pick(rng), lead_date: formatDay(day) });
      w.history(caseId, day, { id: rmId, name: names.get(rmId) ?? 'RM' }, partner);
    }
  }
  for (const trm of trms) {
    const pool = byZone.get(trm.zone_id ?? 1) ?? byZone.get(1) ?? [];
    if (pool.length === 0) continue;
    const staff: Staff = { id: trm.id, zone: trm.zone_id ?? 1, name: trm.name };
    const count = trm.id === demoTrm ? DEMO_TRM_CASES : OTHER_TRM_CASES;
    for (let i = 0; i < count; i++) {
      const partner = rng.pick(pool);
      const day = w.day(trm.id === demoTrm, i);
      const caseId = w.addCase({ partner, trmId: trm.id, day, zone: staff.zone });
      w.history(caseId, day, staff, partner);
      if (trm.id === demoTrm && i % 7 === 3 && day >= plan.today) w.appointment(caseId, partner.id, day + 1 + (i % 3), trm.id);
    }
  }
  await w.flush(db);
  log(`demo data: call centre ${w.cases.length} cases, ${w.leads.length} leads, ${w.calls.length} calls`);
}

type CaseRow = DemoRow<
  'cases',
  | 'id'
  | 'customer_id'
  | 'partner_id'
  | 'trm_id'
  | 'product_type_id'
  | 'case_date'
  | 'pincode'
  | 'status'
  | 'remark'
  | 'created_at'
  | 'updated_at'
>;
type CustomerRow = DemoRow<'customers', 'id' | 'name' | 'phone' | 'email' | 'pincode'>;
type LeadRow = DemoRow<'leads', 'case_id' | 'category_id' | 'lead_date'>;
type CallRow = DemoRow<
  'calls',
  | 'sid'
  | 'provider'
  | 'case_id'
  | 'direction'
  | 'placed_by'
  | 'to_user_id'
  | 'from_number'
  | 'to_number'
  | 'phone_number_sid'
  | 'status'
  | 'status_rank'
  | 'date_created'
  | 'date_updated'
  | 'start_time'
  | 'end_time'
  | 'conversation_duration'
  | 'legs'
  | 'recording_url'
  | 'created_at'
>;
type RemarkRow = DemoRow<'remarks', 'case_id' | 'author_id' | 'audience' | 'is_connected' | 'choice' | 'label' | 'notes' | 'created_at'> & {
  sid: string;
};
type LogRow = DemoRow<'partner_call_logs', 'case_id' | 'partner_id' | 'start_time' | 'from_name' | 'to_name' | 'call_status'>;
type AppointmentRow = DemoRow<
  'appointments',
  'case_id' | 'customer_id' | 'partner_id' | 'product_type_id' | 'slot_id' | 'appointment_date' | 'start_end_time' | 'booked_by'
>;

const CASE_COLUMNS: Columns<CaseRow> = {
  id: 'int8',
  customer_id: 'int8',
  partner_id: 'int4',
  trm_id: 'int4',
  product_type_id: 'int2',
  case_date: 'date',
  pincode: 'text',
  status: 'text',
  remark: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};
const CUSTOMER_COLUMNS: Columns<CustomerRow> = { id: 'int8', name: 'text', phone: 'text', email: 'text', pincode: 'text' };
const LEAD_COLUMNS: Columns<LeadRow> = { case_id: 'int8', category_id: 'int2', lead_date: 'date' };
const LOG_COLUMNS: Columns<LogRow> = {
  case_id: 'int8',
  partner_id: 'int4',
  start_time: 'timestamptz',
  from_name: 'text',
  to_name: 'text',
  call_status: 'text',
};
const APPOINTMENT_COLUMNS: Columns<AppointmentRow> = {
  case_id: 'int8',
  customer_id: 'int8',
  partner_id: 'int4',
  product_type_id: 'int2',
  slot_id: 'int2',
  appointment_date: 'date',
  start_end_time: 'text',
  booked_by: 'int4',
};
const SLOT_LABELS = [
  '10:00 AM - 11:00 AM',
  '11:00 AM - 12:00 PM',
  '12:00 PM - 01:00 PM',
  '01:00 PM - 02:00 PM',
  '02:00 PM - 03:00 PM',
  '03:00 PM - 04:00 PM',
  '04:00 PM - 05:00 PM',
  '05:00 PM - 06:00 PM',
  '06:00 PM - 07:00 PM',
];

/** Accumulates the generated rows and writes them in a few batched statements. */
class Writer {
  readonly cases: CaseRow[] = [];
  readonly customers: CustomerRow[] = [];
  readonly leads: LeadRow[] = [];
  readonly calls: CallRow[] = [];
  readonly remarks: RemarkRow[] = [];
  readonly logs: LogRow[] = [];
  readonly appointments: AppointmentRow[] = [];
  private readonly booked = new Set<string>();
  private readonly employeePhones = new Map<number, string>();

  constructor(
    private readonly rng: Rng,
    private readonly plan: DemoPlan,
    private nextCustomer: number,
  ) {}

  /** The demo users' first rows fall on today and tomorrow, so the default filters show work. */
  day(isDemo: boolean, i: number): number {
    const t = this.plan.today;
    if (isDemo) {
      if (i < 14) return t;
      if (i < 22) return t + 1;
      if (i < 24) return t + 2;
      return t - 1 - (i % 10);
    }
    return t + this.rng.int(-10, 2);
  }

  addCase(v: { partner: PartnerPick; trmId: number | null; day: number; zone: number }): number {
    const rng = this.rng;
    const name = personName(rng, v.zone);
    // Customers live near their advisor: the same pincode or the same sorting district.
    const pincode = rng.chance(0.6) ? v.partner.pincode : `${v.partner.pincode.slice(0, 3)}${String(rng.int(1, 99)).padStart(3, '0')}`;
    let phone = mobile(rng);
    // The deterministic simulator leaves numbers ending 000/111 unanswered/busy: keep demo calls answerable.
    while (/(000|111)$/.test(phone)) phone = mobile(rng);
    const customerId = ++this.nextCustomer;
    this.customers.push({
      id: customerId,
      name: rng.chance(0.15) ? name.full.toLowerCase() : name.full,
      phone,
      email: `${name.first.toLowerCase()}${customerId}@example.com`,
      pincode,
    });
    const id = this.cases.length + 1;
    const past = v.day < this.plan.today;
    const created = istInstant(Math.min(v.day, this.plan.today) - rng.int(1, 5), rng.int(9 * 3600, 18 * 3600));
    this.cases.push({
      id,
      customer_id: customerId,
      partner_id: v.partner.id,
      trm_id: v.trmId,
      product_type_id: PRODUCTS.pick(rng),
      case_date: formatDay(v.day),
      pincode,
      status: past && rng.chance(0.45) ? 'closed' : 'open',
      remark: rng.pick(REMARK_OPTIONS),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(created).toISOString(),
    });
    return id;
  }

  /** 0-3 earlier calls (always before the anchor day), their notes, and partner call-log entries. */
  history(caseId: number, day: number, caller: Staff | { id: number; name: string }, partner: PartnerPick): void {
    const rng = this.rng;
    // Cases and their customers are created one for one, so they share a position.
    const customer = this.customers[caseId - 1];
    if (!customer) return;
    const calls = rng.pick([0, 0, 1, 1, 2, 3]);
    const last = Math.min(day, this.plan.today) - 1;
    for (let k = 0; k < calls; k++) {
      const direction = rng.chance(0.75) ? 'customer' : 'partner';
      const outcome = OUTCOMES.pick(rng);
      const ring = outcome === 'no-answer' ? rng.int(18, 30) : outcome === 'busy' ? rng.int(1, 4) : rng.int(3, 9);
      const talk = outcome === 'completed' ? rng.int(25, 240) : 0;
      const start = istInstant(last - (calls - 1 - k), rng.int(10 * 3600, 19 * 3600));
      const end = start + (1 + ring + talk) * 1000;
      const sid = `SIMDEMO${String(this.calls.length + 1).padStart(7, '0')}${rng.base62(6)}`;
      const iso = (ms: number) => new Date(ms).toISOString();
      this.calls.push({
        sid,
        provider: 'simulator',
        case_id: caseId,
        direction,
        placed_by: caller.id,
        to_user_id: direction === 'customer' ? customer.id : partner.id,
        from_number: this.phoneOf(caller.id),
        to_number: direction === 'customer' ? customer.phone : mobile(rng),
        phone_number_sid: '08047190000',
        status: outcome,
        status_rank: statusRank(outcome),
        date_created: iso(start),
        date_updated: iso(end),
        start_time: iso(start),
        end_time: iso(end),
        conversation_duration: talk,
        legs: JSON.stringify(
          outcome === 'completed'
            ? [
                { OnCallDuration: ring + talk, Status: 'completed' },
                { OnCallDuration: talk, Status: 'completed' },
              ]
            : [
                { OnCallDuration: ring, Status: 'completed' },
                { OnCallDuration: 0, Status: outcome },
              ],
        ),
        recording_url: outcome === 'completed' ? `sim:${sid}` : null,
        created_at: iso(start),
      });
      if (outcome === 'completed' && rng.chance(0.7)) {
        const choice = rng.int(1, 3);
        this.remarks.push({
          case_id: caseId,
          sid,
          author_id: caller.id,
          audience: direction,
          is_connected: true,
          choice,
          label:
            direction === 'customer'
              ? (['Call Back', 'Not Interested in Advisors', 'Schedule call'][choice - 1] ?? 'Call Back')
              : 'Partner connected',
          notes: rng.pick(NOTES),
          created_at: iso(end + 60_000),
        });
      }
      if (direction === 'partner') {
        this.logs.push({
          case_id: caseId,
          partner_id: partner.id,
          start_time: iso(start),
          from_name: caller.name,
          to_name: partner.name,
          call_status: outcome === 'completed' ? 'completed' : 'missed',
        });
      }
    }
    // Advisors also call customers from their own app; those calls appear in the partner call log.
    if (rng.chance(0.3)) {
      this.logs.push({
        case_id: caseId,
        partner_id: partner.id,
        start_time: new Date(istInstant(last, rng.int(10 * 3600, 19 * 3600))).toISOString(),
        from_name: partner.name,
        to_name: customer.name,
        call_status: rng.chance(0.7) ? 'completed' : 'missed',
      });
    }
  }

  appointment(caseId: number, partnerId: number, day: number, bookedBy: number): void {
    const kase = this.cases[caseId - 1];
    if (!kase || kase.status !== 'open') return;
    const slot = this.rng.int(1, SLOT_LABELS.length);
    const key = `${partnerId}:${day}:${slot}`;
    if (this.booked.has(key)) return;
    this.booked.add(key);
    this.appointments.push({
      case_id: caseId,
      customer_id: kase.customer_id,
      partner_id: partnerId,
      product_type_id: kase.product_type_id,
      slot_id: slot,
      appointment_date: formatDay(day),
      start_end_time: SLOT_LABELS[slot - 1] ?? '',
      booked_by: bookedBy,
    });
  }

  private phoneOf(employeeId: number): string {
    return this.employeePhones.get(employeeId) ?? '';
  }

  async flush(db: Kysely<Database>): Promise<void> {
    const phones = await db
      .selectFrom('employees')
      .select(['id', 'phone'])
      .where('id', 'in', [...new Set(this.calls.map((c) => c.placed_by)), 0])
      .execute();
    for (const p of phones) this.employeePhones.set(p.id, p.phone);
    for (const c of this.calls) c.from_number = this.phoneOf(c.placed_by);

    await insertRows(db, 'customers', CUSTOMER_COLUMNS, this.customers);
    await insertRows(db, 'cases', CASE_COLUMNS, this.cases);
    await insertRows(db, 'leads', LEAD_COLUMNS, this.leads);
    const callIds = new Map<string, number>();
    for (let i = 0; i < this.calls.length; i += 1000) {
      const rows = await db
        .insertInto('calls')
        .values(this.calls.slice(i, i + 1000))
        .returning(['id', 'sid'])
        .execute();
      for (const r of rows) callIds.set(r.sid, r.id);
    }
    if (this.remarks.length > 0) {
      await db
        .insertInto('remarks')
        .values(this.remarks.map(({ sid, ...r }) => ({ ...r, call_id: callIds.get(sid) ?? null })))
        .execute();
      await sql`update cases c set remark = r.label from (
        select distinct on (case_id) case_id, label from remarks order by case_id, created_at desc
      ) r where r.case_id = c.id and r.label is not null`.execute(db);
    }
    await insertRows(db, 'partner_call_logs', LOG_COLUMNS, this.logs);
    await insertRows(db, 'appointments', APPOINTMENT_COLUMNS, this.appointments);
    for (const table of ['customers', 'cases'] as const) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), max(id)) from ${sql.table(table)}`.execute(db);
    }
  }
}

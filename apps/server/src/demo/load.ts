import { BUSINESS_TYPES, kolkataToday, PRODUCTS, REPORTING_TYPES, ZONES } from '@dossier/shared';
import { sql, type Kysely } from 'kysely';
import { copyInto, sessionDb } from '../platform/copy';
import { pgPoolOf, type DbHandle } from '../platform/db';
import type { DB as Database } from '../platform/db-types';
import { hashPassword } from '../platform/passwords';
import { dropPlainIndexes } from '../platform/table-indexes';
import { loadCallCentreDemo } from './callcentre';
import { copyChunks, copyStatement, RowWriter, type Columns } from './insert';
import { insertDemoMappingRequests } from './mapping-requests';
import { buildPartners, type MappingRow, type PartnerRow } from './partners';
import { buildOrg, type ClosureRow, type EmployeeRow } from './people';
import { makePlan, type DemoPlan } from './plan';
import { generatePolicies, newAchieved, type CustomerRow, type PolicyBatch, type PolicyRow } from './policies';
import { INSURERS, STATES } from './reference';
import { buildContests, buildTargets, type TargetRow } from './targets';
import { buildUsers, DEMO_PASSWORD } from './users';

export { DEMO_LOGINS, DEMO_PASSWORD } from './users';

export interface DemoOptions {
  /** Multiplies partners, customers and policies (1 = about 6,000 partners and 300,000 policies). */
  scale: number;
  seed: number;
  /** Anchor date yyyy-MM-dd (default: today in Asia/Kolkata); same seed, scale and today = same data. */
  today?: string;
  log: (line: string) => void;
  /** How far the load is, 0 to 1 (the start-up progress on the sign-in page). */
  progress?: (fraction: number) => void;
}

// Arbitrary constant shared by all instances, distinct from the migration lock.
const DEMO_LOCK = 7_114_002;
// PGlite: policies per multi-row insert.
const POLICY_BATCH = 10_000;
// PostgreSQL: policies per generator batch (between two, the COPY in flight gets the event loop to send its
// data) and per COPY statement.
const COPY_BATCH = 2_000;
const COPY_SPAN = 50_000;

const EMPLOYEE_COLUMNS: Columns<EmployeeRow> = {
  id: 'int4',
  unique_code: 'text',
  name: 'text',
  email: 'text',
  phone: 'text',
  emp_role: 'text',
  designation: 'text',
  manager_id: 'int4',
  zone_id: 'int2',
  pincode: 'text',
  created_at: 'timestamptz',
};
const CLOSURE_COLUMNS: Columns<ClosureRow> = { ancestor_id: 'int4', descendant_id: 'int4', depth: 'int2' };
const PARTNER_COLUMNS: Columns<PartnerRow> = {
  id: 'int4',
  unique_code: 'text',
  pos_code: 'text',
  name: 'text',
  phone: 'text',
  email: 'text',
  pincode: 'text',
  state_id: 'int2',
  li_pos_status: 'bool',
  gi_pos_status: 'bool',
  registered_at: 'date',
  documents_at: 'date',
  training_at: 'date',
  exam_at: 'date',
  certified_at: 'date',
  first_sale_at: 'date',
  created_at: 'timestamptz',
};
const MAPPING_COLUMNS: Columns<MappingRow> = {
  id: 'int8',
  partner_id: 'int4',
  manager_id: 'int4',
  reporting_type: 'int2',
  valid_from: 'timestamptz',
  valid_to: 'timestamptz',
};
const CUSTOMER_COLUMNS: Columns<CustomerRow> = { id: 'int8', name: 'text', phone: 'text', email: 'text', pincode: 'text' };
const POLICY_COLUMNS: Columns<PolicyRow> = {
  id: 'int8',
  proposal_no: 'text',
  policy_no: 'text',
  partner_id: 'int4',
  employee_id: 'int4',
  customer_id: 'int8',
  product_type_id: 'int2',
  insurer_id: 'int2',
  state_id: 'int2',
  business_type: 'int2',
  channel: 'text',
  status: 'text',
  paid_amount: 'numeric',
  weightage_premium: 'numeric',
  loan_amount: 'numeric',
  payment_id: 'text',
  issued_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  expiry_date: 'date',
  previous_policy_no: 'text',
  premium_payment_term: 'int2',
  premium_installment_type: 'text',
  next_due_date: 'date',
  renewal_link: 'text',
  one_click_url: 'text',
};
const TARGET_COLUMNS: Columns<TargetRow> = { employee_id: 'int4', month: 'date', premium: 'numeric' };

// Tables whose ids the generator assigns: their identity sequences must continue after the demo rows.
const GENERATED_IDS = ['employees', 'partners', 'partner_mappings', 'customers', 'policies'] as const;

async function hasEmployees(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('employees').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Loads the demo organisation when the database has no employees; true when it loaded. One transaction under
 * an advisory lock: instances starting together load it once, and a crash leaves an empty database.
 */
export async function loadDemoIfEmpty(handle: DbHandle, opts: DemoOptions): Promise<boolean> {
  if (await hasEmployees(handle.db)) return false;
  const plan = makePlan(opts.seed, opts.scale, opts.today ?? kolkataToday(new Date()));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // On PostgreSQL the load holds one session of its own, so that its transaction can use COPY on it.
  const pool = pgPoolOf(handle.db);
  const client = pool ? await pool.connect() : null;
  let failed = false;
  try {
    const db = client ? sessionDb(client) : handle.db;
    return await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(DEMO_LOCK)})`.execute(trx);
      if (client) {
        // The reference trigger's transition tables and the index builds after the load need more than 4 MB.
        await sql`set local work_mem = '256MB'`.execute(trx);
        await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
      }
      // Another instance may have loaded while this one waited for the lock.
      if (await hasEmployees(trx)) return false;
      const writer = new RowWriter(trx, client ? copyInto(client) : null);
      await loadDemo(writer, plan, passwordHash, opts.log, opts.progress ?? (() => undefined));
      return true;
    });
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A session that failed in the middle of a COPY is not reused.
    client?.release(failed);
  }
}

async function loadDemo(
  writer: RowWriter,
  plan: DemoPlan,
  passwordHash: string,
  log: (line: string) => void,
  progress: (fraction: number) => void,
): Promise<void> {
  const started = performance.now();
  const db = writer.db;
  await insertReference(db);
  const org = buildOrg(plan);
  await writer.rows('employees', EMPLOYEE_COLUMNS, org.employees);
  await writer.rows('employee_closure', CLOSURE_COLUMNS, org.closure);
  log(`demo data: employees ${org.employees.length}`);

  const book = buildPartners(plan, org);
  await writer.rows('partners', PARTNER_COLUMNS, book.rows);
  await writer.rows('partner_mappings', MAPPING_COLUMNS, book.mappings);
  log(`demo data: partners ${book.rows.length}`);
  progress(0.1);

  const achieved = newAchieved(org);
  const report = (batch: PolicyBatch): void => {
    log(`demo data: policies ${batch.done}/${batch.total}`);
    // Policies are most of the work.
    progress(0.1 + (0.7 * batch.done) / Math.max(1, batch.total));
  };
  if (writer.copy) {
    const rebuild = await dropForBulkLoad(db, ['customers', 'policies']);
    await copyPolicies(writer, generatePolicies(plan, org, book.profiles, achieved, COPY_BATCH), report);
    const seconds: string[] = [];
    for (const [step, statements] of Object.entries(rebuild)) {
      const t = performance.now();
      // Statements built by dropForBulkLoad from the catalogue's own definitions, never from data.
      for (const statement of statements) await sql.raw(statement).execute(db);
      seconds.push(`${step} ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    log(`demo data: customers and policies indexed and checked (${seconds.join(', ')})`);
  } else {
    for (const batch of generatePolicies(plan, org, book.profiles, achieved, POLICY_BATCH)) {
      await writer.rows('customers', CUSTOMER_COLUMNS, batch.customers);
      await writer.rows('policies', POLICY_COLUMNS, batch.policies);
      report(batch);
    }
  }

  await writer.rows('targets', TARGET_COLUMNS, buildTargets(plan, org, achieved));
  await db
    .insertInto('contests')
    .values(buildContests(plan, org, achieved))
    .execute();
  await db.insertInto('users').values(buildUsers(org, passwordHash)).execute();
  for (const table of GENERATED_IDS) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), max(id)) from ${sql.table(table)}`.execute(db);
  }
  log(`demo data: mapping requests ${await insertDemoMappingRequests(db, plan, org, book)}`);
  progress(0.85);
  // Call-centre rows build on everything above (demo users, partners, mappings), so they come last.
  await loadCallCentreDemo(db, plan, log);
  log(`demo data: loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Drops the secondary indexes, foreign keys and policies' reference trigger of empty tables about to be bulk
 * loaded; returns the statements that restore them. Building once is a sort, and a foreign key added later is
 * checked in one join. Primary keys and unique constraints stay, so duplicates still fail as they arrive.
 */
async function dropForBulkLoad(
  db: Kysely<Database>,
  tables: readonly (keyof Database)[],
): Promise<{ indexes: string[]; statistics: string[]; references: string[] }> {
  const indexes: string[] = [];
  const keys: string[] = [];
  for (const table of tables) {
    const { rows: present } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(db);
    if (present.length > 0) continue;
    const { rows: keyDefs } = await sql<{ name: string; definition: string }>`
      select quote_ident(conname) as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = ${table}::regclass and contype = 'f' order by conname`.execute(db);
    // Names and definitions come from the catalogue (quoted there), never from data.
    for (const k of keyDefs) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(k.name)}`.execute(db);
      keys.push(`alter table ${table} add constraint ${k.name} ${k.definition}`);
    }
    indexes.push(...(await dropPlainIndexes(db, table)));
    if (table === 'policies') {
      // The references of policies are checked per statement by a trigger (migration 018), in place of
      // foreign keys: like the keys, they are checked once over the loaded table (migration 026).
      await sql`alter table policies disable trigger policies_references_on_insert`.execute(db);
      keys.push('alter table policies enable trigger policies_references_on_insert', 'select policies_references_sweep()');
    }
  }
  // Indexes and statistics first, so each foreign key's check is planned as one join over indexed tables.
  const statistics = indexes.length + keys.length > 0 ? [`analyze ${tables.join(', ')}`] : [];
  return { indexes, statistics, references: keys };
}

/**
 * Customers and policies by COPY, generating the next span while the previous one streams; a span's customers
 * are copied before its policies, which refer to them.
 */
async function copyPolicies(writer: RowWriter, batches: Iterable<PolicyBatch>, report: (batch: PolicyBatch) => void): Promise<void> {
  const copy = writer.copy;
  if (!copy) throw new Error('demo data: COPY needs PostgreSQL');
  let inFlight: Promise<void> = Promise.resolve();
  let customers: string[] = [];
  let policies: string[] = [];
  let spanStart = 0;
  for (const batch of batches) {
    copyChunks(CUSTOMER_COLUMNS, batch.customers, customers);
    copyChunks(POLICY_COLUMNS, batch.policies, policies);
    if (batch.done - spanStart >= COPY_SPAN || batch.done === batch.total) {
      await inFlight;
      await copy(copyStatement('customers', CUSTOMER_COLUMNS), customers);
      const sending = copy(copyStatement('policies', POLICY_COLUMNS), policies);
      // Awaited at the next span or the end; until then a failure must not count as unhandled.
      sending.catch(() => undefined);
      inFlight = sending;
      report(batch);
      customers = [];
      policies = [];
      spanStart = batch.done;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await inFlight;
}

// Reference rows may already exist (seeded by a later migration): keep whatever is there.
async function insertReference(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('zones')
    .values(ZONES.map((z) => ({ id: z.id, name: z.name })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('states')
    .values(STATES.map((s) => ({ id: s.id, name: s.name, zone_id: s.zoneId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('insurers')
    .values(INSURERS.map((i) => ({ id: i.id, name: i.name })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('products')
    .values(PRODUCTS.map((p) => ({ ...p })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('business_types')
    .values(BUSINESS_TYPES.map((b) => ({ id: b.id, name: b.name })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('reporting_types')
    .values(REPORTING_TYPES.map((r) => ({ id: r.id, name: r.name })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

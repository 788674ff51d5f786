/**
 * The 'wide' organisation for the benchmarks: another shape than the demo's, written as a distributor's files
 * would be (docs/data-contract.md) and loaded through the import core, not the demo loader.
 *   - 1,461 employees: a national head, 4 zone managers, 4 area managers a zone, 6 team leads an area
 *     manager and 1,344 relationship managers (14 a team lead);
 *   - 40 partners an RM (53,760), each mapped from the start; every month 2 % of them move to another RM;
 *   - one customer for every two policies; policies over the last 15 months (Kolkata days), four in five sold
 *     through a partner and credited by the mapping at their instant, one in five direct business of an RM.
 *
 * npm run bench:wide -w @dossier/bench -- --policies 10000000 [--schema bench_wide]
 * then: npm run bench -- --database-url postgres://…/test --schema bench_wide
 */
import { addMonths, formatDay, kolkataToday, monthStart, parseDay, ZONES } from '@dossier/shared';
import { sql } from 'kysely';
import { fileURLToPath } from 'node:url';
import { Rng } from '../apps/server/src/demo/random';
import { runBusinessEtl } from '../apps/server/src/modules/etl/business-etl';
import { createDb, type DbHandle } from '../apps/server/src/platform/db';
import { migrate } from '../apps/server/src/platform/migrate';
import { csvOf, importCsv } from './contract-import';

const AREAS_PER_ZONE = 4;
const LEADS_PER_AREA = 6;
const RMS_PER_LEAD = 14;
const PARTNERS_PER_RM = 40;
const MONTHS = 15;
/** The share of partners that move to another RM each month. */
const REMAPPED = 0.02;
const SEED = 20261207;

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const rmCode = (i: number) => `WRM${pad(i, 5)}`;
const partnerCode = (i: number) => `W${pad(i, 6)}EI`;
const customerCode = (i: number) => `WC${pad(i, 8)}`;

interface Shape {
  rms: number;
  partners: number;
  customers: number;
  /** The first day of the 15 months. */
  from: string;
}

function shapeFor(policies: number): Shape {
  const rms = ZONES.length * AREAS_PER_ZONE * LEADS_PER_AREA * RMS_PER_LEAD;
  const from = formatDay(addMonths(monthStart(parseDay(kolkataToday())), -(MONTHS - 1)));
  return { rms, partners: rms * PARTNERS_PER_RM, customers: Math.max(1, Math.floor(policies / 2)), from };
}

function* employees(): Generator<string[]> {
  const row = (code: string, name: string, role: string, manager: string, zone: string) => [
    code,
    name,
    `${code.toLowerCase()}@wide.example`,
    '9800000000',
    role,
    role === 'head' ? 'national_head' : role,
    manager,
    zone,
    '400001',
    'true',
  ];
  yield row('WHEAD', 'Wide Head', 'head', '', ZONES[0].name);
  let rm = 0;
  for (const zone of ZONES) {
    const zsm = `WZSM${zone.id}`;
    yield row(zsm, `Zone ${zone.name}`, 'zsm', 'WHEAD', zone.name);
    for (let a = 1; a <= AREAS_PER_ZONE; a++) {
      const asm = `WASM${zone.id}${a}`;
      yield row(asm, `Area ${zone.name} ${a}`, 'asm', zsm, zone.name);
      for (let l = 1; l <= LEADS_PER_AREA; l++) {
        const lead = `WTL${zone.id}${a}${l}`;
        yield row(lead, `Lead ${zone.name} ${a}.${l}`, 'team_lead', asm, zone.name);
        for (let r = 0; r < RMS_PER_LEAD; r++) {
          rm++;
          yield row(rmCode(rm), `Rm ${rm}`, 'rm', lead, zone.name);
        }
      }
    }
  }
}

function* partners(shape: Shape, state: string): Generator<string[]> {
  for (let i = 1; i <= shape.partners; i++)
    yield [
      partnerCode(i),
      `WPOS${pad(i, 6)}`,
      `Partner ${i}`,
      '9811111111',
      `p${i}@wide.example`,
      '400001',
      state,
      'true',
      'true',
      shape.from,
    ];
}

/** Each partner's first span from the first month, then 2 % of partners a month to another RM (each span ends at the next). */
function* mappings(shape: Shape): Generator<string[]> {
  const rng = new Rng(SEED, 'wide-mappings');
  const rmOf = (partner: number) => 1 + ((partner - 1) % shape.rms);
  // The first spans start a month before the first policy, whatever zone a day edge is read in.
  const first = formatDay(addMonths(parseDay(shape.from), -1));
  for (let p = 1; p <= shape.partners; p++) yield [partnerCode(p), rmCode(rmOf(p)), '2', first, ''];
  const moved = Math.round(shape.partners * REMAPPED);
  for (let m = 1; m < MONTHS; m++) {
    const start = formatDay(addMonths(parseDay(shape.from), m));
    const seen = new Set<number>();
    while (seen.size < moved) seen.add(rng.int(1, shape.partners));
    for (const p of seen) yield [partnerCode(p), rmCode(rng.int(1, shape.rms)), '2', start, ''];
  }
}

function* customers(shape: Shape): Generator<string[]> {
  for (let i = 1; i <= shape.customers; i++) yield [customerCode(i), `Customer ${i}`, '9822222222', `c${i}@wide.example`, '400001'];
}

const POLICY_COLUMNS = [
  'proposal_no',
  'policy_no',
  'partner_code',
  'employee_code',
  'customer_code',
  'product_type_id',
  'insurer',
  'state',
  'business_type',
  'channel',
  'status',
  'paid_amount',
  'payment_id',
  'issued_at',
  'expiry_date',
];

interface References {
  insurers: string[];
  states: string[];
  products: number[];
}

/** Policies spread evenly over the time from the first day to now. */
function* policies(shape: Shape, count: number, refs: References): Generator<string[]> {
  const rng = new Rng(SEED, 'wide-policies');
  const first = Date.parse(`${shape.from}T00:00:00+05:30`);
  const span = Date.now() - first;
  const pick = <T>(list: readonly T[]) => list[rng.int(0, list.length - 1)] as T;
  for (let i = 1; i <= count; i++) {
    // Kolkata's wall clock: the instant moved by its offset, printed as if in UTC.
    const at = new Date(first + Math.floor(rng.next() * span) + 19_800_000);
    const day = at.toISOString().slice(0, 10);
    const direct = rng.next() < 0.2;
    const status = rng.next() < 0.85 ? 'success' : rng.next() < 0.5 ? 'pending' : 'cancelled';
    yield [
      `WP${pad(i, 9)}`,
      status === 'success' ? `WPOL${pad(i, 9)}` : '',
      direct ? '' : partnerCode(rng.int(1, shape.partners)),
      direct ? rmCode(rng.int(1, shape.rms)) : '',
      customerCode(rng.int(1, shape.customers)),
      String(pick(refs.products)),
      pick(refs.insurers),
      pick(refs.states),
      String(rng.int(1, 3)),
      direct ? 'direct' : 'pos',
      status,
      `${rng.int(800, 60_000)}.${pad(rng.int(0, 99), 2)}`,
      `WPAY${i}`,
      `${day}T${at.toISOString().slice(11, 19)}+05:30`,
      status === 'success' ? formatDay(addMonths(parseDay(day), 12)) : '',
    ];
  }
}

/** Loads the wide organisation with `count` policies into `schema` (made afresh), then builds the roll-ups. */
async function loadWide(url: string, schema: string, count: number, log: (line: string) => void): Promise<void> {
  const admin = await createDb({ databaseUrl: url, pgliteDir: '' });
  await admin.withSession((run) => run(`drop schema if exists ${schema} cascade`));
  await admin.db.destroy();
  const handle: DbHandle = await createDb({ databaseUrl: url, pgliteDir: '', schema, poolSize: 4 });
  try {
    await migrate(handle);
    const shape = shapeFor(count);
    const refs: References = {
      insurers: (await handle.db.selectFrom('insurers').select('name').orderBy('id').execute()).map((r) => r.name),
      states: (await handle.db.selectFrom('states').select('name').orderBy('id').execute()).map((r) => r.name),
      products: (await handle.db.selectFrom('products').select('product_type_id').orderBy('product_type_id').execute()).map(
        (r) => r.product_type_id,
      ),
    };
    const timed = async (what: string, load: () => Promise<{ inserted: number }>) => {
      const started = performance.now();
      const report = await load();
      const seconds = (performance.now() - started) / 1000;
      log(`wide: ${what} ${report.inserted.toLocaleString('en-IN')} in ${seconds.toFixed(1)} s`);
    };
    const employeeColumns = [
      'unique_code',
      'name',
      'email',
      'phone',
      'emp_role',
      'designation',
      'manager_code',
      'zone',
      'pincode',
      'active',
    ];
    await timed('employees', () => importCsv(handle, 'employees', csvOf(employeeColumns, employees())));
    const partnerColumns = [
      'unique_code',
      'pos_code',
      'name',
      'phone',
      'email',
      'pincode',
      'state',
      'li_pos_status',
      'gi_pos_status',
      'registered_at',
    ];
    await timed('partners', () => importCsv(handle, 'partners', csvOf(partnerColumns, partners(shape, refs.states[0] ?? 'Maharashtra'))));
    const mappingColumns = ['partner_code', 'manager_code', 'reporting_type', 'valid_from', 'valid_to'];
    await timed('mapping spans', () => importCsv(handle, 'partner_mappings', csvOf(mappingColumns, mappings(shape))));
    const customerColumns = ['customer_code', 'name', 'phone', 'email', 'pincode'];
    await timed('customers', () => importCsv(handle, 'customers', csvOf(customerColumns, customers(shape))));
    await timed('policies', () => importCsv(handle, 'policies', csvOf(POLICY_COLUMNS, policies(shape, count, refs))));
    const started = performance.now();
    await runBusinessEtl(handle.db, { full: true, rebuildSessions: 2 });
    await sql`analyze`.execute(handle.db);
    log(`wide: roll-ups built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await handle.db.destroy();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = (flag: string) => {
    const i = process.argv.indexOf(`--${flag}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  loadWide(url, at('schema') ?? 'bench_wide', Number(at('policies') ?? 1_000_000), (l) => process.stdout.write(`${l}\n`)).catch(
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}

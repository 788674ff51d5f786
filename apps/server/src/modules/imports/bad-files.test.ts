import type { ImportEntity, ImportReport } from '@dossier/shared';
import { sql } from 'kysely';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { buildOrg, toCsv, type Row } from '../../../test/import-org';
import { SUBTREE_GRAINS } from '../etl/module';
import { importRows } from './core';
import { csvRows, ndjsonRows } from './readers';

// Every table an import writes (or could write by mistake).
const TABLES = [
  'employees',
  'employee_closure',
  'partners',
  'partner_mappings',
  'customers',
  'policies',
  'insurers',
  'targets',
  'contests',
  'cases',
  'leads',
  'users',
  ...SUBTREE_GRAINS.map((g) => g.table),
] as const;

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

/** Row count and an md5 over every row's text, per table: any change shows. */
async function fingerprint(db: TestDb): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const res = await sql<{ n: number; h: string | null }>`
      select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.table(table)} t`.execute(
      db.db,
    );
    out[table] = `${res.rows[0]?.n}:${res.rows[0]?.h}`;
  }
  return out;
}

const org = buildOrg();
const EMPLOYEE_HEADER = Object.keys(org.employees[0] ?? {});

function employeesCsv(rows: Row[]): string {
  return toCsv(rows, EMPLOYEE_HEADER);
}

const bytes = (text: string | Buffer) => Readable.from([typeof text === 'string' ? Buffer.from(text) : text]);

describe('bad files: a readable rejection and no row changed', () => {
  let db: TestDb;
  const run = (entity: ImportEntity, input: Readable, format: 'csv' | 'ndjson' = 'csv'): Promise<ImportReport> =>
    importRows(db.db, entity, format === 'csv' ? csvRows(input) : ndjsonRows(input), { partial: false, dryRun: false, source: 'cli' });

  beforeAll(async () => {
    db = await createTestDb();
    for (const entity of ['insurers', 'employees', 'partners', 'partner_mappings', 'customers', 'policies'] as const) {
      const report = await run(entity, bytes(toCsv(org[entity])));
      expect([entity, report.applied, report.errors]).toEqual([entity, true, []]);
    }
  });
  afterAll(async () => db.drop());

  const cases: { name: string; entity: ImportEntity; input: () => Readable; format?: 'ndjson'; errors: ImportReport['errors'] }[] = [
    {
      name: 'wrong header',
      entity: 'employees',
      input: () => bytes(employeesCsv(org.employees).replace('unique_code,', 'code,')),
      errors: [
        {
          line: 1,
          field: 'code',
          message:
            'unknown column "code": the columns of employees are unique_code, name, email, phone, emp_role, designation, manager_code, zone, pincode, active',
        },
      ],
    },
    {
      name: 'missing required column',
      entity: 'customers',
      input: () => bytes('customer_code,name,phone,email\nC900,Asha,9876543210,a@example.com\n'),
      errors: [{ line: 1, field: 'pincode', message: 'the required column "pincode" is missing' }],
    },
    {
      name: 'missing required fields',
      entity: 'employees',
      input: () =>
        bytes(
          employeesCsv([
            { ...org.employees[0]!, name: '' },
            { ...org.employees[1]!, email: 'not-an-email' },
          ]),
        ),
      errors: [
        { line: 2, field: 'name', message: 'name is required' },
        { line: 3, field: 'email', message: 'email is not an email address' },
      ],
    },
    {
      name: 'unknown references',
      entity: 'policies',
      input: () =>
        bytes(
          toCsv([
            { ...org.policies[0]!, state: 'Gujrat' },
            { ...org.policies[1]!, partner_code: '', employee_code: 'M9', channel: 'direct' },
            { ...org.policies[2]!, issued_at: 'yesterday' },
            { ...org.policies[3]!, insurer: 'Nobody Assurance' },
          ]),
        ),
      errors: [
        { line: 2, field: 'state', message: 'state "Gujrat" is not a known state' },
        { line: 3, field: 'employee_code', message: 'employee_code M9 does not exist' },
        { line: 4, field: 'issued_at', message: 'issued_at is not a date and time (ISO 8601, e.g. 2026-04-01T10:30:00+05:30)' },
        { line: 5, field: 'insurer', message: 'insurer "Nobody Assurance" is not a known insurer' },
      ],
    },
    {
      name: 'unknown manager',
      entity: 'employees',
      input: () => bytes(employeesCsv([{ ...org.employees[3]!, manager_code: 'M9' }])),
      errors: [{ line: 2, field: 'manager_code', message: 'manager_code M9 does not exist' }],
    },
    {
      name: 'duplicate keys within the file',
      entity: 'customers',
      input: () => bytes(toCsv([org.customers[0]!, org.customers[1]!, { ...org.customers[0]!, name: 'Someone Else' }])),
      errors: [{ line: 4, field: 'customer_code', message: 'customer_code "C001" appears more than once (first on line 2)' }],
    },
    {
      name: 'hierarchy cycle',
      entity: 'employees',
      // H1 would report to R1, who reports (through Z1) to H1.
      input: () => bytes(employeesCsv([{ ...org.employees[0]!, manager_code: 'R1' }])),
      errors: [{ line: 2, field: 'manager_code', message: 'manager_code R1 makes a cycle in the hierarchy: H1 → R1 → Z1 → H1' }],
    },
    {
      name: 'Latin-1 encoding',
      entity: 'customers',
      input: () =>
        bytes(Buffer.from('customer_code,name,phone,email,pincode\nC901,Jos\xe9 M\xfcller,9876543210,j@example.com,110001\n', 'latin1')),
      errors: [
        {
          line: 1,
          field: '',
          message: 'the file is not UTF-8 text (near line 1): save it as UTF-8 (in Excel: "CSV UTF-8"), not Latin-1 or Windows-1252',
        },
      ],
    },
    {
      name: 'formula text',
      entity: 'customers',
      input: () => bytes(toCsv([{ ...org.customers[0]!, name: '=HYPERLINK("http://evil.example","click")' }])),
      errors: [{ line: 2, field: 'name', message: 'name looks like a spreadsheet formula (starts with =, +, - or @)' }],
    },
    {
      name: 'a NUL character in a cell',
      entity: 'customers',
      format: 'ndjson',
      input: () => bytes(`${JSON.stringify({ ...org.customers[0], name: 'Asha\u0000' })}\n`),
      errors: [{ line: 1, field: 'name', message: 'name holds a character that is not allowed (NUL)' }],
    },
    {
      name: 'a 10 MB line',
      entity: 'customers',
      input: () => bytes(`customer_code,name,phone,email,pincode\nC902,${'x'.repeat(10 * 1024 * 1024)},9876543210,a@example.com,110001\n`),
      errors: [{ line: 2, field: '', message: 'line 2 is longer than 10,00,000 characters' }],
    },
    {
      name: 'empty file',
      entity: 'employees',
      input: () => bytes(''),
      errors: [{ line: 1, field: '', message: 'the file is empty: the first line must be the header (column names)' }],
    },
    {
      name: 'header only',
      entity: 'employees',
      input: () => bytes(`${EMPLOYEE_HEADER.join(',')}\n`),
      errors: [{ line: 1, field: '', message: 'the file has no rows: nothing to import' }],
    },
    {
      name: 'NDJSON line that is not an object',
      entity: 'customers',
      format: 'ndjson',
      input: () => bytes(`${JSON.stringify(org.customers[0])}\n[1,2]\n`),
      errors: [{ line: 2, field: '', message: 'line 2 is not a JSON object' }],
    },
  ];

  for (const c of cases) {
    it(`${c.name}`, async () => {
      const before = await fingerprint(db);
      const report = await run(c.entity, c.input(), c.format);
      expect(report.errors).toEqual(c.errors);
      expect(report.applied).toBe(false);
      expect([report.inserted, report.updated, report.unchanged]).toEqual([0, 0, 0]);
      expect(await fingerprint(db)).toEqual(before);
    });
  }

  it('a UTF-8 byte-order mark (Excel "CSV UTF-8") is accepted', async () => {
    const row: Row = { ...org.customers[0]!, name: 'Zoë Ñúñez' };
    const report = await run('customers', bytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(toCsv([row]))])));
    expect(report).toMatchObject({ received: 1, updated: 1, rejected: 0, applied: true });
    const stored = await db.db.selectFrom('customers').select('name').where('customer_code', '=', row.customer_code!).executeTakeFirst();
    expect(stored?.name).toBe('Zoë Ñúñez');
  });

  it('--partial applies the good rows and reports the bad ones; --dry-run writes nothing', async () => {
    const rows: Row[] = [
      { ...org.customers[2]!, name: 'Renamed' },
      { ...org.customers[3]!, pincode: '12' },
    ];
    const before = await fingerprint(db);
    const dry = await importRows(db.db, 'customers', csvRows(bytes(toCsv(rows))), { partial: true, dryRun: true, source: 'cli' });
    expect(dry).toMatchObject({ received: 2, updated: 1, unchanged: 0, rejected: 1, applied: false });
    expect(await fingerprint(db)).toEqual(before);
    const partial = await importRows(db.db, 'customers', csvRows(bytes(toCsv(rows))), { partial: true, dryRun: false, source: 'cli' });
    expect(partial).toMatchObject({
      received: 2,
      updated: 1,
      rejected: 1,
      applied: true,
      errors: [{ line: 3, field: 'pincode', message: 'pincode is not a 6-digit pincode' }],
    });
    const stored = await db.db
      .selectFrom('customers')
      .select('name')
      .where('customer_code', '=', rows[0]!.customer_code!)
      .executeTakeFirst();
    expect(stored?.name).toBe('Renamed');
  });
});

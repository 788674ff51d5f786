import { importColumns, type ImportReport } from '@dossier/shared';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../../test/app';
import { createCliTarget, runCli, type CliTarget } from '../../../test/cli-target';
import { writeSourceTable } from '../../../test/connector-source';
import { seedFixtureOrg } from '../../../test/fixtures';
import { createPostgresSource, postgresSourceAvailable } from '../../../test/source-dbs';
import type { Db } from '../../platform/db';
import { migrate } from '../../platform/migrate';
import { parseConnectorConfig } from '../connector/config';
import { SourceConnector } from '../connector/connector';
import { createApiKey, liveApiKey } from './api-keys';
import { importRows } from './core';

/*
 * The escalation of an attack run (docs/product/security.md, 'Imports and people'): an import that moves a
 * login whose password its sender knows onto the head's employee, and one that deactivates the last
 * administrator. Every way in (the ingestion API, the CLI, the source connector) refuses both rows by
 * name and leaves the users table as it was. The fixture organisation's `head` (NH001) is its one
 * administrator; HX001 is an employee without a user, where a moved login would land unrefused by the
 * rule that an employee has one user.
 */

const ATTACK = ['login,employee_code,active', 'r201,HX001,true', 'head,NH001,false', 'R204,HX001,true'].join('\n');
const ATTACK_ROWS = [
  { login: 'r201', employee_code: 'HX001', active: 'true' },
  { login: 'head', employee_code: 'NH001', active: 'false' },
  { login: 'R204', employee_code: 'HX001', active: 'true' },
];
/** The rows refused, the first on line `first` (2 in a file under its header; the connector counts rows from 1). */
const refused = (first: number) => [
  {
    line: first,
    field: 'employee_code',
    message:
      'the login r201 is the user of employee RM003: an import never moves a login to another employee (administrators manage users on /admin)',
  },
  {
    line: first + 1,
    field: 'active',
    message: 'the login head is an administrator: an import never deactivates an administrator (administrators do that on /admin)',
  },
  {
    line: first + 2,
    field: 'employee_code',
    message:
      'the login r204 is the user of employee RM002: an import never moves a login to another employee (administrators manage users on /admin)',
  },
];

async function addUserlessEmployee(db: Db): Promise<void> {
  const head = await db.selectFrom('employees').select(['id', 'zone_id']).where('unique_code', '=', 'NH001').executeTakeFirstOrThrow();
  await db
    .insertInto('employees')
    .values({
      unique_code: 'HX001',
      name: 'Userless Person',
      email: 'hx001@example.com',
      phone: '9876500001',
      emp_role: 'head',
      designation: 'national_head',
      manager_id: null,
      zone_id: head.zone_id,
      pincode: '110001',
    })
    .execute();
}

const usersOf = (db: Db) => db.selectFrom('users').selectAll().orderBy('id').execute();

describe('imports never rebind a login nor change an administrator', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    await addUserlessEmployee(ctx.db.db);
  });
  afterAll(async () => ctx.close());

  const push = (key: string, entity: string, body: string, query = '') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${entity}${query}`,
      payload: body,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
    });

  it('through the API: a key without users in its scope gets 403 naming its entities, and nothing is read', async () => {
    const before = await usersOf(ctx.db.db);
    const key = await createApiKey(ctx.db.db, 'erp', ['policies', 'customers']);
    const res = await push(key, 'users', ATTACK);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'The API key "erp" may push policies, customers only, not users: an administrator can make a key that includes it',
    });
    // The same for employees: a key without people in its scope cannot touch them.
    const employees = await push(key, 'employees', 'unique_code\nNH001\n');
    expect(employees.json<{ error: string }>().error).toBe(
      'The API key "erp" may push policies, customers only, not employees: an administrator can make a key that includes it',
    );
    expect(await usersOf(ctx.db.db)).toEqual(before);
    expect(await ctx.db.db.selectFrom('import_runs').select('id').execute()).toEqual([]);
    const refused = await ctx.db.db
      .selectFrom('audit_events')
      .select(['action', 'entity', 'after'])
      .where('action', '=', 'ingest.outside_key_scope')
      .orderBy('id')
      .execute();
    expect(refused).toEqual([
      { action: 'ingest.outside_key_scope', entity: 'users', after: { api_key: 'erp', entities: ['policies', 'customers'] } },
      { action: 'ingest.outside_key_scope', entity: 'employees', after: { api_key: 'erp', entities: ['policies', 'customers'] } },
    ]);
  });

  it('through the API: a key with users refuses each escalating row, even with partial=true, and the users stay', async () => {
    const before = await usersOf(ctx.db.db);
    const key = await createApiKey(ctx.db.db, 'hr', ['users']);
    for (const [query, status] of [
      ['', 422],
      ['?partial=true', 200],
    ] as const) {
      const res = await push(key, 'users', ATTACK, query);
      expect(res.statusCode).toBe(status);
      expect(res.json<ImportReport>()).toMatchObject({
        received: 3,
        rejected: 3,
        inserted: 0,
        updated: 0,
        errors: refused(2),
      });
    }
    expect(await usersOf(ctx.db.db)).toEqual(before);
    // The moved login still signs in as itself, and the head can still sign in.
    await signIn(ctx.app, 'r201', undefined, '10.9.0.1');
    await signIn(ctx.app, 'head', undefined, '10.9.0.2');
  });

  it('through the import core as the connector calls it, with a scope check of its own unneeded', async () => {
    const before = await usersOf(ctx.db.db);
    async function* rows() {
      for (const [i, values] of ATTACK_ROWS.entries()) yield { line: i + 2, values };
    }
    const report = await importRows(ctx.db.db, 'users', rows(), { partial: true, dryRun: false, source: 'connector' });
    expect(report).toMatchObject({ rejected: 3, inserted: 0, updated: 0, errors: refused(2) });
    expect(await usersOf(ctx.db.db)).toEqual(before);
  });

  it('stores and answers the scope a key was made with', async () => {
    const key = await createApiKey(ctx.db.db, 'scoped', ['partners', 'partner_mappings']);
    expect(await liveApiKey(ctx.db.db, key)).toEqual({ name: 'scoped', entities: ['partners', 'partner_mappings'] });
    await expect(createApiKey(ctx.db.db, 'empty', [])).rejects.toThrow(
      'Name the entities the key may push (insurers, employees, partners, partner_mappings, customers, policies, targets, contests, cases, leads, users)',
    );
  });

  it('still imports what a feed may change: a new login for an employee without one, a non-administrator deactivated', async () => {
    const key = await createApiKey(ctx.db.db, 'hr2', ['users']);
    const res = await push(
      key,
      'users',
      ['login,employee_code,active', 'hx.one,HX001,true', 'rm,RM001,false', 'head,NH001,true'].join('\n'),
    );
    expect(res.json<ImportReport>()).toMatchObject({ received: 3, inserted: 1, updated: 1, unchanged: 1, rejected: 0, applied: true });
    const users = await ctx.db.db
      .selectFrom('users')
      .select(['login', 'active', 'is_admin'])
      .where('login', 'in', ['hx.one', 'rm', 'head'])
      .orderBy('login')
      .execute();
    expect(users).toEqual([
      { login: 'head', active: true, is_admin: true },
      { login: 'hx.one', active: true, is_admin: false },
      { login: 'rm', active: false, is_admin: false },
    ]);
  });
});

describe.skipIf(!(await postgresSourceAvailable()))('through the source connector', () => {
  let ctx: TestContext;
  let src: Awaited<ReturnType<typeof createPostgresSource>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    await addUserlessEmployee(ctx.db.db);
    src = await createPostgresSource();
  });
  afterAll(async () => {
    await src?.drop();
    await ctx?.close();
  });

  it('refuses the escalating rows and leaves the users as they were', async () => {
    const before = await usersOf(ctx.db.db);
    const table = await writeSourceTable(src, 'users', ATTACK_ROWS, importColumns('users'), (i) => new Date(Date.UTC(2026, 10, 1, 0, i)));
    const connector = new SourceConnector(
      src.url,
      parseConnectorConfig(`partial: true\nentities:\n  users:\n    query: select * from ${table}\n`, 'c.yaml'),
      importRows,
    );
    const run = await connector.run(ctx.db.db, { full: true });
    expect(run.entities.map((e) => [e.entity, e.report?.rejected, e.report?.inserted, e.report?.updated, e.report?.errors])).toEqual([
      ['users', 3, 0, 0, refused(1)],
    ]);
    expect(await usersOf(ctx.db.db)).toEqual(before);
  });
});

describe('through the CLI', () => {
  let target: CliTarget;
  let dir: string;

  beforeAll(async () => {
    target = await createCliTarget();
    dir = mkdtempSync(join(tmpdir(), 'dossier-people-'));
    const handle = await target.open();
    try {
      await migrate(handle);
      await seedFixtureOrg(handle.db);
      await addUserlessEmployee(handle.db);
    } finally {
      await handle.db.destroy();
    }
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await target?.drop();
  });

  it('refuses the escalating rows by line and leaves the users as they were', async () => {
    const read = async () => {
      const handle = await target.open();
      try {
        return await usersOf(handle.db);
      } finally {
        await handle.db.destroy();
      }
    };
    const before = await read();
    const file = join(dir, 'users.csv');
    writeFileSync(file, ATTACK);
    const res = await runCli(target, ['import', 'users', file, '--partial', '--json']);
    expect(res.code, res.stderr).toBe(1);
    expect(JSON.parse(res.stdout)).toMatchObject({ rejected: 3, inserted: 0, updated: 0, errors: refused(2) });
    expect(await read()).toEqual(before);
  }, 240_000);

  it('makes a key only with --entities, and lists its scope', async () => {
    const missing = await runCli(target, ['api-keys', 'create', '--name', 'erp']);
    expect(missing.code).toBe(2);
    expect(missing.stderr.split('\n')[0]).toBe('api-keys create needs --entities ENTITY,… (the entities the key may push)');
    const unknown = await runCli(target, ['api-keys', 'create', '--name', 'erp', '--entities', 'policies,people']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('Unknown entities: people (the entities are insurers, employees,');
    const made = await runCli(target, ['api-keys', 'create', '--name', 'erp', '--entities', 'policies,customers']);
    expect(made.code, made.stderr).toBe(0);
    const lines = made.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'Created the API key "erp" for policies, customers. It is shown only now; send it as Authorization: Bearer <key>.',
    );
    expect(lines.at(-1)).toMatch(/^dsk_/);
    const list = await runCli(target, ['api-keys', 'list']);
    expect(list.stdout).toMatch(/^erp\tpolicies,customers\tactive\t/);
  }, 240_000);
});

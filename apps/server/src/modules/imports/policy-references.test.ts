import { sql } from 'kysely';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { buildOrg, toCsv } from '../../../test/import-org';
import { importRows } from './core';
import { csvRows } from './readers';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const org = buildOrg();

/** A policy row for direct SQL: the first imported policy's values with the given references. */
function insertPolicy(db: TestDb['db'], proposalNo: string, refs: { customerId?: number; partnerId?: number }) {
  return sql`insert into policies (proposal_no, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id,
      business_type, channel, status, paid_amount, weightage_premium, payment_id, issued_at, created_at, updated_at)
    select ${proposalNo}, coalesce(${refs.partnerId ?? null}::int, partner_id), employee_id,
      coalesce(${refs.customerId ?? null}::bigint, customer_id), product_type_id, insurer_id, state_id, business_type, channel,
      status, paid_amount, weightage_premium, payment_id, issued_at, created_at, updated_at
    from policies order by id limit 1`.execute(db);
}

async function newCustomer(db: TestDb['db'], code: string): Promise<number> {
  const { id } = await db
    .insertInto('customers')
    .values({ customer_code: code, name: 'Ref Test', phone: '9800000000', email: 'ref@test.in', pincode: '400001' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

// Policies have no foreign keys (docs/decisions/026-policy-reference-checks.md): statement triggers keep every
// reference of a policy pointing at a row of its parent table, whoever writes or removes.
describe('references of policies', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb();
    const files = { ...org, policies: org.policies.slice(0, 20) };
    for (const entity of ['insurers', 'employees', 'partners', 'partner_mappings', 'customers', 'policies'] as const) {
      const report = await importRows(db.db, entity, csvRows(Readable.from([Buffer.from(toCsv(files[entity]))])), {
        partial: false,
        dryRun: false,
        source: 'cli',
      });
      expect([entity, report.applied, report.errors]).toEqual([entity, true, []]);
    }
  });
  afterAll(async () => {
    await db.drop();
  });

  it('refuses a policy written with an unknown reference, by insert or update', async () => {
    await expect(insertPolicy(db.db, 'REF-1', { customerId: 999_999 })).rejects.toThrow(
      'insert or update on table "policies" violates foreign key constraint "policies_customer_id_fkey"',
    );
    await expect(insertPolicy(db.db, 'REF-2', { partnerId: 999_999 })).rejects.toThrow('policies_partner_id_fkey');
    await expect(sql`update policies set insurer_id = 999 where id = (select min(id) from policies)`.execute(db.db)).rejects.toThrow(
      'policies_insurer_id_fkey',
    );
    await expect(sql`update policies set employee_id = 999999`.execute(db.db)).rejects.toThrow('policies_employee_id_fkey');
    const count = await db.db
      .selectFrom('policies')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(20);
  });

  it('finds an unknown reference over the whole table, as a bulk load with the trigger off checks it', async () => {
    await sql`select policies_references_sweep()`.execute(db.db);
    const swept = db.db.transaction().execute(async (trx) => {
      await sql`alter table policies disable trigger policies_references_on_insert`.execute(trx);
      await insertPolicy(trx, 'REF-SWEEP', { partnerId: 999_998 });
      await sql`select policies_references_sweep()`.execute(trx);
    });
    await expect(swept).rejects.toThrow('insert or update on table "policies" violates foreign key constraint "policies_partner_id_fkey"');
    // Rolled back with the trigger's switch: the trigger checks again.
    await expect(insertPolicy(db.db, 'REF-SWEEP', { partnerId: 999_998 })).rejects.toThrow('policies_partner_id_fkey');
  });

  it('refuses to delete, re-key or truncate a parent a policy refers to; an unreferenced one goes', async () => {
    const customerId = await newCustomer(db.db, 'REF-C1');
    await insertPolicy(db.db, 'REF-3', { customerId });
    await expect(sql`delete from customers where id = ${customerId}`.execute(db.db)).rejects.toThrow(
      'update or delete on table "customers" violates foreign key constraint "policies_customer_id_fkey" on table "policies"',
    );
    await expect(sql`delete from insurers where id in (select insurer_id from policies)`.execute(db.db)).rejects.toThrow(
      'policies_insurer_id_fkey',
    );
    await expect(
      sql`update products set product_type_id = 99 where product_type_id = (select min(product_type_id) from policies)`.execute(db.db),
    ).rejects.toThrow('policies_product_type_id_fkey');
    await expect(sql`truncate insurers`.execute(db.db)).rejects.toThrow('cannot truncate table "insurers"');
    // A parent row no policy names can still be removed, and a re-key of the others is allowed.
    const unused = await newCustomer(db.db, 'REF-C2');
    await sql`delete from customers where id = ${unused}`.execute(db.db);
    await sql`update customers set name = 'Renamed' where id = ${customerId}`.execute(db.db);
    await sql`delete from policies where proposal_no = 'REF-3'`.execute(db.db);
    await sql`delete from customers where id = ${customerId}`.execute(db.db);
    const left = await db.db
      .selectFrom('customers')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(left.n).toBe(0);
  });

  it.skipIf(!process.env.DATABASE_URL)('a parent removed while a policy naming it is uncommitted waits, then is refused', async () => {
    const other = await db.connectAgain();
    const customerId = await newCustomer(db.db, 'REF-C3');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted = () => undefined as void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const writer = db.db.transaction().execute(async (trx) => {
      await insertPolicy(trx, 'REF-4', { customerId });
      inserted();
      await held;
    });
    await insertedYet;
    let settled = false;
    const removal = sql`delete from customers where id = ${customerId}`.execute(other.db).finally(() => (settled = true));
    removal.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The removal waits for the policy's transaction instead of missing its uncommitted row.
    expect(settled).toBe(false);
    release();
    await writer;
    await expect(removal).rejects.toThrow('policies_customer_id_fkey');
  });
});

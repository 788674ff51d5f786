import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { AUDIT_MAINTENANCE_ROLE, pruneAudit } from './audit-retention';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const DAY = 86_400_000;

/*
 * The audit trail is append-only (migration 045, docs/product/security.md, 'The audit trail'): on PGlite and on
 * PostgreSQL (DATABASE_URL), as the superuser the tests connect as, which privileges alone would not stop.
 */
describe('the audit trail', () => {
  let db: TestDb;
  const ages = [800, 400, 10];

  beforeAll(async () => {
    db = await createTestDb();
    for (const days of ages) {
      await db.db
        .insertInto('audit_events')
        .values({
          actor_user_id: null,
          action: 'test.event',
          entity: 'test',
          entity_id: `${days}d`,
          created_at: new Date(Date.now() - days * DAY),
        })
        .execute();
    }
  });
  afterAll(async () => db.drop());

  const rows = async () =>
    (await db.db.selectFrom('audit_events').select('entity_id').where('action', '=', 'test.event').orderBy('id').execute()).map(
      (r) => r.entity_id,
    );

  it('refuses every update, delete and truncate, superusers included', async () => {
    const refused = (op: string, role: string) => `audit_events is append-only: ${op} refused for role ${role}`;
    const role = (await sql<{ u: string }>`select current_user as u`.execute(db.db)).rows[0]?.u ?? '';
    await expect(db.db.updateTable('audit_events').set({ action: 'rewritten' }).execute()).rejects.toThrow(refused('UPDATE', role));
    await expect(db.db.deleteFrom('audit_events').where('entity_id', '=', '10d').execute()).rejects.toThrow(refused('DELETE', role));
    await expect(sql`truncate audit_events`.execute(db.db)).rejects.toThrow(refused('TRUNCATE', role));
    expect(await rows()).toEqual(['800d', '400d', '10d']);
  });

  it('the role that ran the migrations (the application’s) holds no update, delete or truncate on it', async () => {
    const grants = await sql<{ privilege_type: string }>`select privilege_type from information_schema.role_table_grants
      where table_name = 'audit_events' and table_schema = current_schema() and grantee = current_user order by 1`.execute(db.db);
    expect(grants.rows.map((g) => g.privilege_type)).toEqual(['INSERT', 'REFERENCES', 'SELECT', 'TRIGGER']);
  });

  it('retention deletes only what is older than the months kept, as the maintenance role, and audits it', async () => {
    // The operator's set-up (docs/operations.md, 'Database roles'): the role exists and may delete audit rows.
    await sql`do $$ begin create role dossier_audit_maintenance nologin; exception when duplicate_object then null; end $$`.execute(db.db);
    const schema = sql.id((await sql<{ s: string }>`select current_schema() as s`.execute(db.db)).rows[0]?.s ?? 'public');
    await sql`grant usage on schema ${schema} to ${sql.id(AUDIT_MAINTENANCE_ROLE)}`.execute(db.db);
    await sql`grant select, delete on audit_events to ${sql.id(AUDIT_MAINTENANCE_ROLE)}`.execute(db.db);

    const outcome = await pruneAudit(db.db, 12);
    expect(outcome).toMatchObject({ ran: true, deleted: 2 });
    expect(await rows()).toEqual(['10d']);
    const recorded = await db.db
      .selectFrom('audit_events')
      .select(['action', 'entity', 'after'])
      .where('action', '=', 'audit.retention')
      .execute();
    expect(recorded).toEqual([
      { action: 'audit.retention', entity: 'audit_events', after: { deleted: 2, before: outcome.ran ? outcome.before : '', months: 12 } },
    ]);
    // Back to the server's own role: the trail is append-only again.
    await expect(db.db.deleteFrom('audit_events').execute()).rejects.toThrow('audit_events is append-only');
  });
});

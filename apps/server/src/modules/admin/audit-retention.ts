import { sql } from 'kysely';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import type { Job } from '../../platform/jobs';

/** The role the append-only trigger of audit_events lets delete (migration 045, docs/operations.md). */
export const AUDIT_MAINTENANCE_ROLE = 'dossier_audit_maintenance';
// One run across instances: the others skip while it holds this (any constant of its own).
const RETENTION_LOCK = 72_230_045;

export type RetentionOutcome = { ran: false } | { ran: true; deleted: number; before: string };

/**
 * Deletes audit rows older than `months` as the maintenance role and records the deletion in the trail, in one
 * transaction; without that role nothing is deleted and the trail stays whole.
 */
export async function pruneAudit(db: Db, months: number): Promise<RetentionOutcome> {
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`.execute(trx);
    if (lock.rows[0]?.locked !== true) return { ran: false };
    const cutoff = await sql<{ before: Date }>`select date_trunc('day', now() - make_interval(months => ${months})) as before`.execute(trx);
    const before = cutoff.rows[0]?.before ?? new Date(0);
    await sql`set local role ${sql.id(AUDIT_MAINTENANCE_ROLE)}`.execute(trx);
    const res = await sql`delete from audit_events where created_at < ${before}`.execute(trx);
    await sql`reset role`.execute(trx);
    const deleted = Number(res.numAffectedRows ?? 0);
    await audit(trx, {
      actorUserId: null,
      action: 'audit.retention',
      entity: 'audit_events',
      after: { deleted, before: before.toISOString(), months },
    });
    return { ran: true, deleted, before: before.toISOString() };
  });
}

/** The retention job, daily; declared only when AUDIT_RETENTION_MONTHS is set. */
export function auditRetentionJob(db: Db, months: number): Job {
  return { name: 'audit_retention', intervalMs: 24 * 3_600_000, runNow: true, run: () => pruneAudit(db, months) };
}

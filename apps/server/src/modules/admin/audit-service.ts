import type { Readable } from 'node:stream';
import type { AuditDownloadQuery, AuditPage, AuditQuery } from '@dossier/shared';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { csvStream } from '../../platform/files/csv';
import type { Row } from '../../platform/files/escape';
import { readInBatches } from '../../platform/row-batches';
import { auditActions, auditKeyset, auditPage, toAuditRow } from './audit-queries';
import type { AdminActor } from './actor';

const CSV_COLUMNS = [
  { key: 'at', header: 'When (UTC)' },
  { key: 'actor_login', header: 'Login' },
  { key: 'actor_code', header: 'Code' },
  { key: 'actor_name', header: 'Name' },
  { key: 'action', header: 'Action' },
  { key: 'entity', header: 'Entity' },
  { key: 'entity_id', header: 'Entity id' },
  { key: 'before', header: 'Before' },
  { key: 'after', header: 'After' },
  { key: 'ip', header: 'Address' },
];
const BATCH = 1000;

/* The audit trail: every state change, refused access and phone reveal, searchable and downloadable. */

export async function page(db: Db, _actor: AdminActor, query: AuditQuery): Promise<AuditPage> {
  const { limit, offset, ...filter } = query;
  const [page, actions] = await Promise.all([auditPage(db, filter, limit, offset), auditActions(db)]);
  return { ...page, actions };
}

/** The whole filtered trail as CSV, read in batches; the download itself is audited first. */
export async function csv(db: Db, actor: AdminActor, filter: AuditDownloadQuery): Promise<Readable> {
  await audit(db, {
    actorUserId: actor.viewer.userId,
    action: 'admin.audit_download',
    entity: 'audit_events',
    after: filter,
    ip: actor.ip,
  });
  async function* rows(): AsyncGenerator<Row> {
    for await (const batch of readInBatches(db, auditKeyset(filter), BATCH)) {
      for (const raw of batch) {
        const r = toAuditRow(raw);
        yield {
          ...r,
          before: r.before == null ? null : JSON.stringify(r.before),
          after: r.after == null ? null : JSON.stringify(r.after),
        };
      }
    }
  }
  return csvStream(CSV_COLUMNS, rows());
}

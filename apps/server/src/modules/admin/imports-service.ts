import type { Readable } from 'node:stream';
import type { ApiKeyCreate, ApiKeyCreated, ApiKeysList, ImportRunsPage } from '@dossier/shared';
import { ImportError } from '@dossier/shared';
import { z } from 'zod';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { csvStream } from '../../platform/files/csv';
import { HttpError, notFound } from '../../platform/http-errors';
import { ApiKeyError, createApiKey, listApiKeys, revokeApiKey } from '../imports/module';
import { countImportRuns, importRunErrors, importRunsPage } from './imports-queries';
import type { AdminActor } from './actor';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const StoredErrors = z.array(ImportError).catch([]);

/*
 * The Imports and API keys screen: the history of imports with their rejected rows, and the ingestion
 * keys. Keys are made and revoked by the import core's own functions (the CLI uses the same).
 */

export async function runs(db: Db, _actor: AdminActor, limit: number, offset: number): Promise<ImportRunsPage> {
  const rows = await importRunsPage(db, limit, offset);
  const total = await countImportRuns(db);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: String(r.id),
      started_at: new Date(r.started_at).toISOString(),
      finished_at: iso(r.finished_at),
    })),
    total,
  };
}

/** The rejected rows of one import as CSV (line, field, message). */
export async function rejected(db: Db, actor: AdminActor, id: string): Promise<{ fileName: string; body: Readable }> {
  const run = await importRunErrors(db, id);
  if (!run) throw notFound(`No import ${id}`);
  await audit(db, {
    actorUserId: actor.viewer.userId,
    action: 'admin.import_rejected_download',
    entity: 'import_run',
    entityId: id,
    ip: actor.ip,
  });
  const errors = StoredErrors.parse(run.errors);
  return {
    fileName: `import-${id}-${run.entity}-rejected.csv`,
    body: csvStream(
      [
        { key: 'line', header: 'Line' },
        { key: 'field', header: 'Field' },
        { key: 'message', header: 'Message' },
      ],
      errors,
    ),
  };
}

export async function keys(db: Db, _actor: AdminActor): Promise<ApiKeysList> {
  const rows = await listApiKeys(db);
  return {
    rows: rows.map((k) => ({
      name: k.name,
      entities: k.entities,
      created_at: new Date(k.created_at).toISOString(),
      revoked_at: iso(k.revoked_at),
      last_used_at: iso(k.last_used_at),
    })),
  };
}

export async function createKey(db: Db, actor: AdminActor, { name, entities }: ApiKeyCreate): Promise<ApiKeyCreated> {
  const key = await keyCall(() => createApiKey(db, name, entities), 409);
  await audit(db, {
    actorUserId: actor.viewer.userId,
    action: 'admin.api_key_create',
    entity: 'api_key',
    entityId: name,
    after: { entities },
    ip: actor.ip,
  });
  return { name, key };
}

export async function revokeKey(db: Db, actor: AdminActor, name: string): Promise<ApiKeysList> {
  await keyCall(() => revokeApiKey(db, name), 404);
  await audit(db, {
    actorUserId: actor.viewer.userId,
    action: 'admin.api_key_revoke',
    entity: 'api_key',
    entityId: name,
    ip: actor.ip,
  });
  return keys(db, actor);
}

/** The import core's key errors are sentences for people: answered as 4xx with that text. */
async function keyCall<T>(call: () => Promise<T>, status: number): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiKeyError) throw new HttpError(/already revoked/.test(err.message) ? 409 : status, err.message);
    throw err;
  }
}

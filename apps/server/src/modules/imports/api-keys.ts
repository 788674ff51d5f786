import { ImportEntity } from '@dossier/shared';
import { sql } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db';

/** Keys start with this, so a leaked one is recognisable (and never mistaken for a session token). */
export const API_KEY_PREFIX = 'dsk_';
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export class ApiKeyError extends Error {
  override name = 'ApiKeyError';
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A live key: its name and the entities it may push (docs/product/security.md, 'Ingestion keys'). */
export interface LiveApiKey {
  name: string;
  entities: ImportEntity[];
}

/**
 * Reads a comma-separated scope (`policies,customers`) as the CLI's `--entities` takes it: every name an
 * import entity, each once, at least one.
 */
export function parseKeyEntities(text: string): ImportEntity[] {
  const names = text
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  const unknown = names.filter((n) => !ImportEntity.safeParse(n).success);
  if (unknown.length > 0) {
    throw new ApiKeyError(`Unknown entities: ${unknown.join(', ')} (the entities are ${ImportEntity.options.join(', ')})`);
  }
  return names.map((n) => ImportEntity.parse(n));
}

/**
 * Creates a key that may push `entities` only; the key itself is returned once and only its sha-256 is
 * stored. There is no default scope (decision 058): whoever makes a key names what it may write.
 */
export async function createApiKey(db: Db, name: string, entities: readonly ImportEntity[]): Promise<string> {
  if (!NAME.test(name)) throw new ApiKeyError(`"${name}" is not a valid key name: use letters, digits, _ . - (up to 64)`);
  if (entities.length === 0) {
    throw new ApiKeyError(`Name the entities the key may push (${ImportEntity.options.join(', ')})`);
  }
  if (new Set(entities).size !== entities.length) throw new ApiKeyError('Name each entity of the key once');
  const existing = await db.selectFrom('api_keys').select(['revoked_at']).where('name', '=', name).executeTakeFirst();
  if (existing)
    throw new ApiKeyError(`An API key named "${name}" already exists${existing.revoked_at ? ' (revoked)' : ''}: choose another name`);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  await db
    .insertInto('api_keys')
    .values({ name, key_hash: hashApiKey(key), entities: [...entities] })
    .execute();
  return key;
}

/** Revokes a key at once: the next request with it is refused. */
export async function revokeApiKey(db: Db, name: string): Promise<void> {
  const res = await db
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`now()` })
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) {
    const exists = await db.selectFrom('api_keys').select('name').where('name', '=', name).executeTakeFirst();
    throw new ApiKeyError(exists ? `The API key "${name}" is already revoked` : `There is no API key named "${name}"`);
  }
}

/** The live key, or null; marks it used. */
export async function liveApiKey(db: Db, key: string): Promise<LiveApiKey | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const row = await db
    .updateTable('api_keys')
    .set({ last_used_at: sql<Date>`now()` })
    .where('key_hash', '=', hashApiKey(key))
    .where('revoked_at', 'is', null)
    .returning(['name', 'entities'])
    .executeTakeFirst();
  return row ? { name: row.name, entities: scopeOf(row.entities) } : null;
}

/** Stored scopes were validated when the key was made; a name that is no longer an entity is dropped, not trusted. */
const scopeOf = (stored: readonly string[]): ImportEntity[] => stored.flatMap((e) => ImportEntity.safeParse(e).data ?? []);

export async function listApiKeys(db: Db) {
  const rows = await db
    .selectFrom('api_keys')
    .select(['name', 'entities', 'created_at', 'revoked_at', 'last_used_at'])
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ ...r, entities: scopeOf(r.entities) }));
}

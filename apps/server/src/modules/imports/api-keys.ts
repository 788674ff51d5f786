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

/** Creates a key; the key itself is returned once and only its sha-256 is stored. */
export async function createApiKey(db: Db, name: string): Promise<string> {
  if (!NAME.test(name)) throw new ApiKeyError(`"${name}" is not a valid key name: use letters, digits, _ . - (up to 64)`);
  const existing = await db.selectFrom('api_keys').select(['revoked_at']).where('name', '=', name).executeTakeFirst();
  if (existing)
    throw new ApiKeyError(`An API key named "${name}" already exists${existing.revoked_at ? ' (revoked)' : ''}: choose another name`);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  await db
    .insertInto('api_keys')
    .values({ name, key_hash: hashApiKey(key) })
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

/** The name of the live key, or null; marks it used. */
export async function apiKeyName(db: Db, key: string): Promise<string | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const row = await db
    .updateTable('api_keys')
    .set({ last_used_at: sql<Date>`now()` })
    .where('key_hash', '=', hashApiKey(key))
    .where('revoked_at', 'is', null)
    .returning('name')
    .executeTakeFirst();
  return row?.name ?? null;
}

export async function listApiKeys(db: Db) {
  return db.selectFrom('api_keys').select(['name', 'created_at', 'revoked_at', 'last_used_at']).orderBy('name').execute();
}

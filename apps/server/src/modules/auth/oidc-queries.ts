import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/** A sign-in in flight lives this long between the redirect to the provider and its callback. */
const LOGIN_MINUTES = 10;
/** The browser trades the exchange code for a session within this long after the callback. */
const EXCHANGE_SECONDS = 120;

export function insertOidcLogin(db: Db, row: { stateHash: string; nonce: string; codeVerifier: string; nextPath: string }) {
  return db
    .insertInto('oidc_logins')
    .values({
      state_hash: row.stateHash,
      nonce: row.nonce,
      code_verifier: row.codeVerifier,
      next_path: row.nextPath,
      expires_at: sql`now() + make_interval(mins => ${LOGIN_MINUTES})`,
    })
    .execute();
}

/** Claims the sign-in for this callback: one update, so a replayed callback finds nothing. */
export function claimOidcLogin(db: Db, stateHash: string) {
  return db
    .updateTable('oidc_logins')
    .set({ used_at: sql`now()` })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['nonce', 'code_verifier', 'next_path'])
    .executeTakeFirst();
}

export function completeOidcLogin(db: Db, stateHash: string, values: { userId: number; idToken: string | null; exchangeHash: string }) {
  return db
    .updateTable('oidc_logins')
    .set({ user_id: values.userId, id_token: values.idToken, exchange_hash: values.exchangeHash })
    .where('state_hash', '=', stateHash)
    .execute();
}

/** The exchange code buys one session, once, shortly after the callback. */
export function redeemExchange(db: Db, exchangeHash: string) {
  return db
    .updateTable('oidc_logins')
    .set({ exchanged_at: sql`now()` })
    .where('exchange_hash', '=', exchangeHash)
    .where('exchanged_at', 'is', null)
    .where('used_at', '>', sql<Date>`now() - make_interval(secs => ${EXCHANGE_SECONDS})`)
    .returning(['user_id', 'id_token', 'next_path'])
    .executeTakeFirst();
}

/** Old sign-ins are of no use to anyone: dropped as new ones start. */
export function pruneOidcLogins(db: Db) {
  return db
    .deleteFrom('oidc_logins')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

/** Active employees whose email or code equals the claim, ignoring case. */
export function employeesForClaim(db: Db, value: string) {
  return db
    .selectFrom('employees as e')
    .leftJoin('users as u', 'u.employee_id', 'e.id')
    .select(['e.id', 'e.unique_code', 'e.email', 'u.id as user_id', 'u.active as user_active'])
    .where('e.active', '=', true)
    .where((eb) => eb.or([eb(sql`lower(e.email)`, '=', value.toLowerCase()), eb(sql`lower(e.unique_code)`, '=', value.toLowerCase())]))
    .limit(2)
    .execute();
}

export function loginTaken(db: Db, login: string) {
  return db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst();
}

export function sessionIdToken(db: Db, tokenHash: string) {
  return db.selectFrom('auth_tokens').select(['method', 'id_token']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: the secret the client holds. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a copy of the table cannot be replayed as sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Only same-origin relative paths are honoured as `next`, so a crafted link cannot bounce a signed-in user to
 * another site; '//host', '/\host' and control characters are refused.
 */
export const LOGIN_PATH = '/login';

export function sanitizeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return '/';
  if (next.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we reject
  if (/[\u0000-\u001f\u007f]/.test(next)) return '/';
  // Coming back to the sign-in page itself would loop.
  if (next === LOGIN_PATH || next.startsWith(`${LOGIN_PATH}?`) || next.startsWith(`${LOGIN_PATH}/`)) return '/';
  return next;
}

/** /login?next=<path+query> for the current address. */
export function loginPathFor(current: string): string {
  return `${LOGIN_PATH}?next=${encodeURIComponent(sanitizeNext(current))}`;
}

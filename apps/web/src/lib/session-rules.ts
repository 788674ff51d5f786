/**
 * Logged in means a token exists and is not the text undefined or null (docs/product/shell.md, 'Session values'). The old
 * front end stored String(undefined) on failed sign-ins, so those texts must count as no token.
 */
export function isUsableToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token !== '' && token !== 'undefined' && token !== 'null';
}

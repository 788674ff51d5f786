import { hostname, userInfo } from 'node:os';

/** Who ran the command, as the import history shows it: the operating-system user and the host. */
export function cliActor(): string {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    // A uid with no passwd entry (some containers) has no user name.
    user = process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
  return `${user}@${hostname()}`;
}

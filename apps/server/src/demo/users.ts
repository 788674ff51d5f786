import type { DemoStaff, Org } from './people';
import type { DemoRow } from './insert';

/** Sign-in accounts of the demo organisation, one per role; other employees have no account. */

export const DEMO_PASSWORD = 'dossier-demo';
/** The one demo user with the admin flag. */
export const DEMO_ADMIN_LOGIN = 'demo.head';

interface DemoLogin {
  login: string;
  role: string;
  description: string;
}

const LOGINS: readonly (DemoLogin & { staff: keyof DemoStaff })[] = [
  { login: 'demo.head', role: 'national_head', staff: 'head', description: 'National head: the whole organisation' },
  { login: 'demo.zsm', role: 'zsm', staff: 'zsm', description: 'Zonal sales manager, North zone' },
  { login: 'demo.asm', role: 'asm', staff: 'asm', description: 'Area sales manager under demo.zsm' },
  { login: 'demo.tl', role: 'team_lead', staff: 'tl', description: 'Team lead under demo.asm' },
  { login: 'demo.rm', role: 'rm', staff: 'rm', description: 'Relationship manager under demo.tl, with partners' },
  { login: 'demo.trm', role: 'trm', staff: 'trm', description: 'Telephone RM in the call centre' },
  { login: 'demo.r201', role: '201', staff: 'r201', description: 'RM with role 201 (paymaster links)' },
  { login: 'demo.r204', role: '204', staff: 'r204', description: 'Life RM with role 204 (life partners only)' },
  { login: 'demo.supervisor', role: 'supervisor', staff: 'supervisor', description: 'Call-centre supervisor of the TRMs' },
];

export const DEMO_LOGINS: readonly DemoLogin[] = LOGINS.map(({ login, role, description }) => ({ login, role, description }));

export type UserRow = DemoRow<'users', 'login' | 'password_hash' | 'employee_id' | 'registered_at' | 'is_admin'>;

/** One password hash for all accounts: argon2 is deliberately slow, and the password is the same. */
export function buildUsers(org: Org, passwordHash: string): UserRow[] {
  return LOGINS.map((l) => {
    const employee = org.employees.find((e) => e.id === org.demo[l.staff]);
    if (!employee) throw new Error(`demo data: employee for ${l.login} missing`);
    return {
      login: l.login,
      password_hash: passwordHash,
      employee_id: employee.id,
      // Joining instants are 10:00 IST, the same calendar day in UTC.
      registered_at: employee.created_at.slice(0, 10),
      is_admin: l.login === DEMO_ADMIN_LOGIN,
    };
  });
}

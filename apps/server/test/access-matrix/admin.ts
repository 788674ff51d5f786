import { ADMIN_IMPORT_PATHS, ADMIN_PATHS, SESSION_PATHS, SIGN_IN_PATHS } from '@dossier/shared';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { hashToken } from '../../src/platform/tokens';
import {
  bearer,
  ownOnly,
  variant,
  type MatrixContext,
  type MatrixEntry,
  type MatrixRequest,
  type MatrixViewer,
  type Relation,
} from './types';

/** The demo organisation's one administrator; everyone else gets 403 from every admin call. */
const notAdmin = (v: MatrixViewer) => v.login !== 'demo.head';
const ADMIN_VIEW = { administration: 'administrators see the whole organisation' };
const MISSING_CODE = 'NOSUCH999';
const MISSING_USER = 2_000_000_000;

let serial = 0;
/** A new employee under the viewer (head: the top), so each call changes a row of its own. */
async function freshEmployee(ctx: MatrixContext): Promise<{ id: number; code: string }> {
  serial++;
  const code = `MX${ctx.viewer.employeeId}X${serial}`;
  const row = await ctx.db
    .insertInto('employees')
    .values({
      unique_code: code,
      name: `Matrix Person ${serial}`,
      email: `matrix${serial}@example.com`,
      phone: `90000${String(serial).padStart(5, '0')}`,
      emp_role: 'rm',
      designation: 'rm',
      manager_id: ctx.viewer.employeeId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into employee_closure (ancestor_id, descendant_id, depth)
    select ancestor_id, ${row.id}::int, depth + 1 from employee_closure where descendant_id = ${ctx.viewer.employeeId}
    union all select ${row.id}::int, ${row.id}::int, 0`.execute(ctx.db);
  return { id: row.id, code };
}

async function freshUser(ctx: MatrixContext): Promise<{ id: number; code: string }> {
  const employee = await freshEmployee(ctx);
  const user = await ctx.db
    .insertInto('users')
    .values({ login: `matrix.${employee.code.toLowerCase()}`, password_hash: null, employee_id: employee.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, code: employee.code };
}

/** A route acting on one employee: a fresh one, or a code that does not exist. */
function onPerson(name: string, request: (code: string) => MatrixRequest, check?: (ctx: MatrixContext, code: string) => Promise<void>) {
  return variant<string>({
    name,
    relations: ['own', 'missing'] as const satisfies readonly Relation[],
    refused: notAdmin,
    leaks: ADMIN_VIEW,
    target: async (ctx, relation) => (relation === 'missing' ? MISSING_CODE : (await freshEmployee(ctx)).code),
    request: (_ctx, code) => request(code),
    ...(check ? { check: (ctx: MatrixContext, _res: unknown, code: string) => check(ctx, code) } : {}),
  });
}

function onUser(name: string, request: (id: number) => MatrixRequest) {
  return variant<number>({
    name,
    relations: ['own', 'missing'],
    refused: notAdmin,
    leaks: ADMIN_VIEW,
    target: async (ctx, relation) => (relation === 'missing' ? MISSING_USER : (await freshUser(ctx)).id),
    request: (_ctx, id) => request(id),
  });
}

const adminOnly = (request: MatrixRequest, check?: (ctx: MatrixContext, res: { json: <T>() => T }) => void) =>
  ownOnly({ name: 'administrators only', refused: notAdmin, leaks: ADMIN_VIEW, request: () => request, ...(check ? { check } : {}) });

const employeeActive = async (ctx: MatrixContext, code: string) =>
  (await ctx.db.selectFrom('employees').select('active').where('unique_code', '=', code).executeTakeFirstOrThrow()).active;

/** The administration area, 'My sessions', and the company sign-in. */
export const ADMIN_MATRIX: readonly MatrixEntry[] = [
  { route: `GET ${ADMIN_PATHS.options}`, access: 'token', variants: [adminOnly({ method: 'GET', url: ADMIN_PATHS.options })] },
  {
    route: `GET ${ADMIN_PATHS.people}`,
    access: 'token',
    variants: [
      adminOnly({ method: 'GET', url: `${ADMIN_PATHS.people}?limit=5` }, (_ctx, res) =>
        expect(res.json<{ total: number }>().total).toBeGreaterThan(0),
      ),
    ],
  },
  {
    route: `POST ${ADMIN_PATHS.people}`,
    access: 'token',
    variants: [
      ownOnly({
        name: 'create an employee',
        refused: notAdmin,
        leaks: ADMIN_VIEW,
        request: (ctx) => {
          serial++;
          return {
            method: 'POST',
            url: ADMIN_PATHS.people,
            payload: {
              code: `MXNEW${serial}`,
              name: `Matrix New ${serial}`,
              email: `matrix.new${serial}@example.com`,
              phone: '9000011111',
              emp_role: 'rm',
              designation: 'rm',
              manager_code: ctx.viewer.code,
            },
          };
        },
      }),
    ],
  },
  {
    route: 'GET /api/admin/people/:code/',
    access: 'token',
    variants: [onPerson('one employee', (code) => ({ method: 'GET', url: ADMIN_PATHS.person(code) }))],
  },
  {
    route: 'POST /api/admin/people/:code/',
    access: 'token',
    variants: [
      onPerson('edit an employee', (code) => ({ method: 'POST', url: ADMIN_PATHS.person(code), payload: { designation: 'team_lead' } })),
    ],
  },
  {
    route: 'POST /api/admin/people/:code/deactivate/',
    access: 'token',
    variants: [
      onPerson(
        'deactivate an employee',
        (code) => ({ method: 'POST', url: ADMIN_PATHS.personDeactivate(code), payload: {} }),
        async (ctx, code) => expect(await employeeActive(ctx, code)).toBe(false),
      ),
    ],
  },
  {
    route: 'POST /api/admin/people/:code/activate/',
    access: 'token',
    variants: [onPerson('activate an employee', (code) => ({ method: 'POST', url: ADMIN_PATHS.personActivate(code), payload: {} }))],
  },
  { route: `GET ${ADMIN_PATHS.users}`, access: 'token', variants: [adminOnly({ method: 'GET', url: `${ADMIN_PATHS.users}?q=demo` })] },
  {
    route: `POST ${ADMIN_PATHS.users}`,
    access: 'token',
    variants: [
      variant<string>({
        name: 'create a user',
        relations: ['own'],
        refused: notAdmin,
        leaks: ADMIN_VIEW,
        target: async (ctx) => (await freshEmployee(ctx)).code,
        request: (_ctx, code) => ({
          method: 'POST',
          url: ADMIN_PATHS.users,
          payload: { employee_code: code, login: `matrix.user.${code.toLowerCase()}` },
        }),
      }),
    ],
  },
  {
    route: 'POST /api/admin/users/:id/',
    access: 'token',
    variants: [
      onUser('access flags of a user', (id) => ({ method: 'POST', url: ADMIN_PATHS.user(id), payload: { email_report_access: false } })),
    ],
  },
  {
    route: 'POST /api/admin/users/:id/deactivate/',
    access: 'token',
    variants: [onUser('deactivate a user', (id) => ({ method: 'POST', url: ADMIN_PATHS.userDeactivate(id), payload: {} }))],
  },
  {
    route: 'POST /api/admin/users/:id/activate/',
    access: 'token',
    variants: [onUser('activate a user', (id) => ({ method: 'POST', url: ADMIN_PATHS.userActivate(id), payload: {} }))],
  },
  {
    route: 'POST /api/admin/users/:id/reset-password/',
    access: 'token',
    variants: [onUser('mail a password link', (id) => ({ method: 'POST', url: ADMIN_PATHS.userResetPassword(id), payload: {} }))],
  },
  {
    route: 'GET /api/admin/users/:id/sessions/',
    access: 'token',
    variants: [onUser("a user's sessions", (id) => ({ method: 'GET', url: ADMIN_PATHS.userSessions(id) }))],
  },
  {
    route: 'POST /api/admin/users/:id/sessions/revoke/',
    access: 'token',
    variants: [onUser("end a user's sessions", (id) => ({ method: 'POST', url: ADMIN_PATHS.userSessionsRevoke(id), payload: {} }))],
  },
  {
    route: `GET ${ADMIN_PATHS.hierarchy}`,
    access: 'token',
    variants: [
      adminOnly({ method: 'GET', url: ADMIN_PATHS.hierarchy }),
      onPerson('one level below a person', (code) => ({ method: 'GET', url: `${ADMIN_PATHS.hierarchy}?parent=${code}` })),
    ],
  },
  {
    route: `GET ${ADMIN_PATHS.hierarchySearch}`,
    access: 'token',
    variants: [adminOnly({ method: 'GET', url: `${ADMIN_PATHS.hierarchySearch}?q=a` })],
  },
  {
    route: `GET ${ADMIN_IMPORT_PATHS.imports}`,
    access: 'token',
    variants: [adminOnly({ method: 'GET', url: `${ADMIN_IMPORT_PATHS.imports}?limit=20` })],
  },
  {
    route: `POST ${ADMIN_IMPORT_PATHS.upload(':entity')}`,
    access: 'token',
    variants: [
      adminOnly(
        {
          method: 'POST',
          url: `${ADMIN_IMPORT_PATHS.upload('insurers')}?dry_run=true`,
          payload: 'name\nMatrix Insurer\n',
          headers: { 'content-type': 'text/csv' },
        },
        (_ctx, res) => expect(res.json<{ dryRun: boolean; applied: boolean }>()).toMatchObject({ dryRun: true, applied: false }),
      ),
    ],
  },
  {
    route: 'GET /api/admin/imports/:id/rejected/',
    access: 'token',
    variants: [
      variant<string>({
        name: "an import's rejected rows",
        relations: ['own', 'missing'],
        refused: notAdmin,
        leaks: ADMIN_VIEW,
        target: async (ctx, relation) => {
          if (relation === 'missing') return '999999999';
          const row = await ctx.db
            .insertInto('import_runs')
            .values({
              entity: 'employees',
              source: 'cli',
              actor: 'matrix',
              rejected: 1,
              errors: JSON.stringify([{ line: 2, field: 'email', message: 'bad' }]),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return String(row.id);
        },
        request: (_ctx, id) => ({ method: 'GET', url: ADMIN_IMPORT_PATHS.rejected(id) }),
      }),
    ],
  },
  {
    route: `GET ${ADMIN_IMPORT_PATHS.apiKeys}`,
    access: 'token',
    variants: [adminOnly({ method: 'GET', url: ADMIN_IMPORT_PATHS.apiKeys })],
  },
  {
    route: `POST ${ADMIN_IMPORT_PATHS.apiKeys}`,
    access: 'token',
    variants: [
      ownOnly({
        name: 'create an ingestion key',
        refused: notAdmin,
        leaks: ADMIN_VIEW,
        request: () => {
          serial++;
          return { method: 'POST', url: ADMIN_IMPORT_PATHS.apiKeys, payload: { name: `matrix-key-${serial}`, entities: ['policies'] } };
        },
      }),
    ],
  },
  {
    route: 'POST /api/admin/api-keys/:name/revoke/',
    access: 'token',
    variants: [
      variant<string>({
        name: 'revoke an ingestion key',
        relations: ['own', 'missing'],
        refused: notAdmin,
        leaks: ADMIN_VIEW,
        target: async (ctx, relation) => {
          serial++;
          if (relation === 'missing') return `no-such-key-${serial}`;
          await ctx.db
            .insertInto('api_keys')
            .values({ name: `matrix-revoke-${serial}`, key_hash: `hash-${serial}-${Date.now()}`, entities: ['policies'] })
            .execute();
          return `matrix-revoke-${serial}`;
        },
        request: (_ctx, name) => ({ method: 'POST', url: ADMIN_IMPORT_PATHS.revokeKey(name), payload: {} }),
      }),
    ],
  },
  { route: `GET ${ADMIN_PATHS.audit}`, access: 'token', variants: [adminOnly({ method: 'GET', url: `${ADMIN_PATHS.audit}?limit=20` })] },
  {
    route: `GET ${ADMIN_PATHS.auditDownload}`,
    access: 'token',
    variants: [adminOnly({ method: 'GET', url: `${ADMIN_PATHS.auditDownload}?action=login` })],
  },

  // ---- My sessions ----
  {
    route: `GET ${SESSION_PATHS.mine}`,
    access: 'token',
    variants: [
      ownOnly({
        request: () => ({ method: 'GET', url: SESSION_PATHS.mine }),
        check: (_ctx, res) => expect(res.json<{ rows: { current: boolean }[] }>().rows.filter((r) => r.current)).toHaveLength(1),
      }),
    ],
  },
  {
    route: `POST ${SESSION_PATHS.revoke}`,
    access: 'token',
    variants: [
      variant<{ token: string; id: string }>({
        name: 'sign out one of my sessions (a fresh one)',
        relations: ['own'],
        target: async (ctx) => {
          const token = await ctx.freshToken();
          const row = await ctx.db
            .selectFrom('auth_tokens')
            .select('id')
            .where('token_hash', '=', hashToken(token))
            .executeTakeFirstOrThrow();
          return { token, id: String(row.id) };
        },
        request: (_ctx, t) => ({ method: 'POST', url: SESSION_PATHS.revoke, payload: { session_id: t.id } }),
        check: async (ctx, res, t) => {
          expect(res.json()).toEqual({ ok: true, revoked: 1 });
          const after = await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: bearer(t.token) });
          expect(after.statusCode).toBe(401);
        },
      }),
    ],
  },
  {
    route: `POST ${SESSION_PATHS.passwordReset}`,
    access: 'public',
    why: 'setting a password from a one-time link (the link is the proof)',
    check: async ({ app }) => {
      const res = await app.inject({
        method: 'POST',
        url: SESSION_PATHS.passwordReset,
        payload: { token: 'x'.repeat(43), password: 'long-enough-password' },
      });
      expect(res.statusCode).toBe(400);
      return 1;
    },
  },

  // ---- company sign-in ----
  {
    route: `GET ${SIGN_IN_PATHS.options}`,
    access: 'public',
    why: 'the sign-in page asks what to offer',
    check: async ({ app }) => {
      const res = await app.inject({ method: 'GET', url: SIGN_IN_PATHS.options });
      expect(res.json()).toEqual({ local_login: true, oidc: null });
      return 1;
    },
  },
  ...([SIGN_IN_PATHS.oidcStart, `${SIGN_IN_PATHS.oidcCallback}?code=x&state=y`] as const).map((url): MatrixEntry => ({
    route: `GET ${url.split('?')[0] ?? url}`,
    access: 'public',
    why: 'the company sign-in round trip (tested against a real provider in oidc.test.ts)',
    check: async ({ app }) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers.location).toBe('/login/refused?reason=not_configured');
      return 1;
    },
  })),
  {
    route: `POST ${SIGN_IN_PATHS.oidcExchange}`,
    access: 'public',
    why: 'trades a one-time code from the company sign-in for a session',
    check: async ({ app }) => {
      const res = await app.inject({ method: 'POST', url: SIGN_IN_PATHS.oidcExchange, payload: { code: 'y'.repeat(43) } });
      expect(res.statusCode).toBe(401);
      return 1;
    },
  },
  {
    route: `POST ${SIGN_IN_PATHS.logout}`,
    access: 'token',
    variants: [
      variant<string>({
        name: 'own session',
        relations: ['own'],
        target: (ctx) => ctx.freshToken(),
        request: (_ctx, token) => ({ method: 'POST', url: SIGN_IN_PATHS.logout, headers: bearer(token) }),
        check: async (ctx, res, token) => {
          expect(res.json()).toEqual({ ok: true, logout_url: null });
          const after = await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: bearer(token) });
          expect(after.statusCode).toBe(401);
        },
      }),
    ],
  },
];

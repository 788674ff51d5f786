import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { authHeader, createTestApp, signIn, type TestContext } from '../../../test/app';
import { liveApiKey } from '../imports/api-keys';
import { importRows } from '../imports/core';
import { csvRows } from '../imports/readers';

/** The administration API over the fixture organisation (head → zsm → {rm, r204}; head → zsm2 → r201). */
describe('administration API', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_BASE_URL: 'https://dossier.example.com' });
    admin = await signIn(ctx.app, 'head');
  });
  afterAll(() => ctx.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: authHeader(token), ...(payload ? { payload } : {}), remoteAddress: '10.9.0.1' });
  const auditOf = (action: string) =>
    ctx.db.db.selectFrom('audit_events').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();
  const userId = async (login: string) =>
    (await ctx.db.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

  it('answers 403 to a signed-in user without the admin flag, before reading their input', async () => {
    const rm = await signIn(ctx.app, 'rm');
    for (const [method, url, payload] of [
      ['GET', '/api/admin/people/'],
      ['GET', '/api/admin/people/?limit=oops'],
      ['POST', '/api/admin/people/', { code: '' }],
      ['POST', '/api/admin/users/1/deactivate/', {}],
      ['GET', '/api/admin/audit/'],
    ] as const) {
      const res = await call(rm, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ error: 'Administration is for administrators only' });
    }
    expect((await call(rm, 'GET', '/accounts/api/v1/me/')).json<{ is_admin: boolean }>().is_admin).toBe(false);
    expect((await call(admin, 'GET', '/accounts/api/v1/me/')).json<{ is_admin: boolean }>().is_admin).toBe(true);
  });

  it('searches people and shows one with manager chain, direct reports and user', async () => {
    const list = await call(admin, 'GET', '/api/admin/people/?q=zsm&limit=10');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 2,
      rows: [{ code: 'ZSM001', manager_code: 'NH001', user_login: 'zsm' }, { code: 'ZSM002' }],
    });
    const detail = await call(admin, 'GET', '/api/admin/people/RM001/');
    const body = detail.json<{ chain: { code: string }[]; reports: unknown[]; user: { login: string } }>();
    expect(body.chain.map((c) => c.code)).toEqual(['NH001', 'ZSM001']);
    expect(body.reports).toEqual([]);
    expect(body.user.login).toBe('rm');
    const zsm = (await call(admin, 'GET', '/api/admin/people/ZSM001/')).json<{ reports: { code: string }[]; team_size: number }>();
    expect(zsm.reports.map((r) => r.code).sort()).toEqual(['RM001', 'RM002']);
    expect(zsm.team_size).toBe(2);
    expect((await call(admin, 'GET', '/api/admin/people/NOPE/')).statusCode).toBe(404);
  });

  it('creates an employee with correct closure rows, refuses duplicates and bad input readably, and audits', async () => {
    const payload = {
      code: 'RM900',
      name: 'New Person',
      email: 'New.Person@Example.com',
      phone: '9876543210',
      emp_role: 'rm',
      designation: 'rm',
      zone_id: 1,
      manager_code: 'ZSM002',
    };
    const res = await call(admin, 'POST', '/api/admin/people/', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ person: { code: 'RM900', email: 'new.person@example.com', manager_code: 'ZSM002', zone: 'North' } });
    const id = ctx.ids.get('NH001');
    const closure = await ctx.db.db
      .selectFrom('employee_closure as c')
      .innerJoin('employees as a', 'a.id', 'c.ancestor_id')
      .innerJoin('employees as d', 'd.id', 'c.descendant_id')
      .select(['a.unique_code as ancestor', 'c.depth'])
      .where('d.unique_code', '=', 'RM900')
      .orderBy('c.depth')
      .execute();
    expect(closure).toEqual([
      { ancestor: 'RM900', depth: 0 },
      { ancestor: 'ZSM002', depth: 1 },
      { ancestor: 'NH001', depth: 2 },
    ]);
    expect(id).toBeDefined();
    expect((await call(admin, 'POST', '/api/admin/people/', payload)).json()).toEqual({
      error: 'An employee with code RM900 already exists',
    });
    const bad = await call(admin, 'POST', '/api/admin/people/', { ...payload, code: 'RM901', email: 'nope', phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/Email must be an email address/);
    expect(bad.json<{ error: string }>().error).toMatch(/Phone must be 10 to 15 digits/);
    // Empty required fields say so, each once and nothing more; a role off the list is named as a role.
    const blank = { code: ' ', name: '', email: '', phone: '', emp_role: '', designation: '', manager_code: null };
    expect((await call(admin, 'POST', '/api/admin/people/', blank)).json<{ error: string }>().error).toBe(
      'Code is required. Name is required. Email is required. Phone is required. Role is required. Designation is required.',
    );
    expect((await call(admin, 'POST', '/api/admin/people/', { ...payload, code: 'RM903', emp_role: 'boss' })).json()).toMatchObject({
      error: 'Choose a role from the list',
    });
    expect((await call(admin, 'POST', '/api/admin/users/', { employee_code: '', login: '' })).json()).toMatchObject({
      error: 'Employee code is required. Login is required.',
    });
    const noManager = await call(admin, 'POST', '/api/admin/people/', { ...payload, code: 'RM902', manager_code: 'GHOST' });
    expect(noManager.statusCode).toBe(400);
    expect(noManager.json()).toEqual({ error: 'No employee GHOST to report to' });
    const entry = await auditOf('admin.person_create');
    expect(entry).toMatchObject({ entity: 'employee', entity_id: 'RM900', ip: '10.9.0.1', actor_user_id: await userId('head') });
  });

  it('moves a manager with their team: closure follows, access follows on the next request, cycles are refused', async () => {
    const zsm = await signIn(ctx.app, 'zsm');
    const zsm2 = await signIn(ctx.app, 'zsm2');
    const reportOf = (token: string, code: string) => call(token, 'GET', `/api/reports/11/?account_id=${code}`);
    expect((await reportOf(zsm, 'RM001')).statusCode).toBe(200);
    expect((await reportOf(zsm2, 'RM001')).statusCode).toBe(403);

    const moved = await call(admin, 'POST', '/api/admin/people/RM001/', { manager_code: 'ZSM002' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ chain: { code: string }[] }>().chain.map((c) => c.code)).toEqual(['NH001', 'ZSM002']);
    expect((await reportOf(zsm, 'RM001')).statusCode).toBe(403);
    expect((await reportOf(zsm2, 'RM001')).statusCode).toBe(200);

    const cycle = await call(admin, 'POST', '/api/admin/people/ZSM002/', { manager_code: 'RM001' });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json()).toEqual({ error: 'zsm2 Person cannot report to rm Person, who is in their own team' });
    const self = await call(admin, 'POST', '/api/admin/people/ZSM002/', { manager_code: 'ZSM002' });
    expect(self.json()).toEqual({ error: 'zsm2 Person cannot report to themselves' });
    const entry = await auditOf('admin.person_move');
    expect(entry?.before).toMatchObject({ manager_code: 'ZSM001' });
    expect(entry?.after).toMatchObject({ manager_code: 'ZSM002' });
    // Back where it was, for the other tests.
    expect((await call(admin, 'POST', '/api/admin/people/RM001/', { manager_code: 'ZSM001' })).statusCode).toBe(200);
  });

  it('deactivates a person only without active reports; their sessions end at once', async () => {
    const blocked = await call(admin, 'POST', '/api/admin/people/ZSM001/deactivate/', {});
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ error: 'zsm Person still has 2 active direct reports: move them to another manager first' });
    const r204 = await signIn(ctx.app, 'r204');
    const res = await call(admin, 'POST', '/api/admin/people/RM002/deactivate/', {});
    expect(res.statusCode).toBe(200);
    expect(res.json<{ person: { active: boolean } }>().person.active).toBe(false);
    expect((await call(r204, 'GET', '/accounts/api/v1/me/')).statusCode).toBe(401);
    expect((await call(admin, 'POST', '/api/admin/people/RM002/activate/', {})).statusCode).toBe(200);
    expect((await call(admin, 'POST', '/api/admin/people/NH001/deactivate/', {})).json()).toEqual({
      error: 'You cannot deactivate yourself',
    });
  });

  it('creates a user, sets flags, deactivates (all sessions end), and keeps an administrator', async () => {
    const created = await call(admin, 'POST', '/api/admin/users/', {
      employee_code: 'RM900',
      login: 'New.Person',
      email_report_access: false,
    });
    expect(created.statusCode).toBe(200);
    const user = created.json<{ id: number; login: string; has_password: boolean; email_report_access: boolean; is_admin: boolean }>();
    expect(user).toMatchObject({ login: 'new.person', has_password: false, email_report_access: false, is_admin: false });
    expect((await call(admin, 'POST', '/api/admin/users/', { employee_code: 'RM900', login: 'other.login' })).json()).toEqual({
      error: 'New Person already has a user',
    });

    const flags = await call(admin, 'POST', `/api/admin/users/${user.id}/`, { download_report_access: false, is_admin: true });
    expect(flags.json()).toMatchObject({ download_report_access: false, is_admin: true });
    const entry = await auditOf('admin.user_update');
    expect(entry?.before).toEqual({ download_report_access: true, is_admin: false });
    expect(entry?.after).toEqual({ download_report_access: false, is_admin: true });

    const rmId = await userId('rm');
    const one = await signIn(ctx.app, 'rm', undefined, '10.0.0.21');
    const two = await signIn(ctx.app, 'rm', undefined, '10.0.0.22');
    const sessions = await call(admin, 'GET', `/api/admin/users/${rmId}/sessions/`);
    expect(sessions.json<{ rows: { ip: string }[] }>().rows.map((r) => r.ip)).toEqual(expect.arrayContaining(['10.0.0.21', '10.0.0.22']));
    const off = await call(admin, 'POST', `/api/admin/users/${rmId}/deactivate/`, {});
    expect(off.json()).toMatchObject({ active: false, active_sessions: 0 });
    for (const t of [one, two]) expect((await call(t, 'GET', '/accounts/api/v1/me/')).statusCode).toBe(401);
    expect((await auditOf('admin.user_deactivate'))?.after).toMatchObject({ active: false });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/login/',
      payload: { username: 'rm', password: 'fixture-pass' },
    });
    expect(refused.statusCode).toBe(401);
    expect((await call(admin, 'POST', `/api/admin/users/${rmId}/activate/`, {})).json()).toMatchObject({ active: true });

    const headId = await userId('head');
    expect((await call(admin, 'POST', `/api/admin/users/${headId}/`, { is_admin: false })).json()).toEqual({
      error: 'You cannot remove the admin flag from yourself',
    });
    expect((await call(admin, 'POST', `/api/admin/users/${headId}/deactivate/`, {})).json()).toEqual({
      error: 'You cannot deactivate yourself',
    });
  });

  it('mails a one-time password link through the outbox; the link sets the password once and ends sessions', async () => {
    const id = await userId('new.person');
    const res = await call(admin, 'POST', `/api/admin/users/${id}/reset-password/`, {});
    expect(res.json()).toEqual({ ok: true, sent_to: 'new.person@example.com' });
    const mail = await ctx.db.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('kind', '=', 'password_reset')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.to_addresses).toEqual(['new.person@example.com']);
    const link = /https:\/\/dossier\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body);
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';
    const stored = await ctx.db.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', id).execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    // The same length as the CLI and the README ask for: eleven characters are one too few.
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/password-reset/',
      payload: { token, password: 'eleven-char' },
    });
    expect(short.json<{ error: string }>().error).toBe('Password must be at least 12 characters');
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/password-reset/',
      payload: { token, password: 'a-new-password-1' },
    });
    expect(set.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/password-reset/',
      payload: { token, password: 'a-new-password-2' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'This password link is not valid or has expired. Ask your administrator for a new one.' });
    await signIn(ctx.app, 'new.person', 'a-new-password-1');
  });

  it('lists my sessions and signs out everywhere', async () => {
    const a = await signIn(ctx.app, 'zsm2', undefined, '10.0.0.31');
    const b = await signIn(ctx.app, 'zsm2', undefined, '10.0.0.32');
    const mine = await call(a, 'GET', '/accounts/api/v1/sessions/');
    const rows = mine.json<{ rows: { id: string; ip: string; current: boolean }[] }>().rows;
    expect(rows.find((r) => r.current)?.ip).toBe('10.0.0.31');
    const other = rows.find((r) => r.ip === '10.0.0.32');
    expect(other).toBeDefined();
    // Another user's session id is not mine to end.
    const stranger = await signIn(ctx.app, 'zsm', undefined, '10.0.0.33');
    expect((await call(stranger, 'POST', '/accounts/api/v1/sessions/revoke/', { session_id: other?.id })).statusCode).toBe(404);
    expect((await call(a, 'POST', '/accounts/api/v1/sessions/revoke/', { session_id: other?.id })).json()).toEqual({
      ok: true,
      revoked: 1,
    });
    expect((await call(b, 'GET', '/accounts/api/v1/me/')).statusCode).toBe(401);
    const everywhere = await call(a, 'POST', '/accounts/api/v1/sessions/revoke/', {});
    expect(everywhere.json<{ revoked: number }>().revoked).toBeGreaterThanOrEqual(1);
    expect((await call(a, 'GET', '/accounts/api/v1/me/')).statusCode).toBe(401);
  });

  it('opens the hierarchy level by level with head and partner counts, and finds people with their path', async () => {
    const top = await call(admin, 'GET', '/api/admin/hierarchy/');
    expect(top.json()).toEqual({
      parent: null,
      nodes: [
        { code: 'NH001', name: 'head Person', designation: 'national_head', active: true, direct_reports: 2, team_size: 6, partners: 0 },
      ],
    });
    const below = (await call(admin, 'GET', '/api/admin/hierarchy/?parent=ZSM002')).json<{
      nodes: { code: string; team_size: number }[];
    }>();
    expect(below.nodes.map((n) => n.code).sort()).toEqual(['RM003', 'RM900']);
    const found = await call(admin, 'GET', '/api/admin/hierarchy/search/?q=rm9');
    expect(found.json()).toEqual({
      hits: [{ code: 'RM900', name: 'New Person', designation: 'rm', active: true, path: ['NH001', 'ZSM002', 'RM900'] }],
    });
  });

  it('searches the audit trail by person, action, entity and date, pages on the server, and downloads CSV', async () => {
    const page = await call(admin, 'GET', '/api/admin/audit/?person=head&action=admin.person_move&limit=1');
    const body = page.json<{ total: number; rows: { actor_login: string; entity_id: string }[]; actions: string[] }>();
    expect(body.total).toBe(2);
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({ actor_login: 'head', entity_id: 'RM001' });
    expect(body.actions).toEqual(expect.arrayContaining(['admin.person_create', 'admin.person_move', 'login']));
    const second = await call(admin, 'GET', '/api/admin/audit/?person=head&action=admin.person_move&limit=1&offset=1');
    expect(second.json<{ rows: { id: string }[] }>().rows[0]?.id).not.toBe(page.json<{ rows: { id: string }[] }>().rows[0]?.id);
    const byEntity = await call(admin, 'GET', '/api/admin/audit/?entity=employee&entity_id=RM900');
    expect(byEntity.json<{ rows: { action: string }[] }>().rows.map((r) => r.action)).toEqual(['admin.person_create']);
    const future = await call(admin, 'GET', '/api/admin/audit/?from=2099-01-01');
    expect(future.json()).toMatchObject({ total: 0, rows: [] });
    const backwards = await call(admin, 'GET', '/api/admin/audit/?from=2026-02-01&to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ error: string }>().error).toMatch(/The end date cannot be before the start date/);

    const csv = await call(admin, 'GET', '/api/admin/audit/download/?action=admin.person_move');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When (UTC),Login,Code,Name,Action,Entity,Entity id,Before,After,Address');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',head,NH001,head Person,admin.person_move,employee,RM001,');
    expect((await auditOf('admin.audit_download'))?.after).toEqual({ action: 'admin.person_move' });
  });

  it('lists imports with their counts and serves the rejected rows; creates an API key shown once and revokes it', async () => {
    const csv =
      'unique_code,name,email,phone,emp_role,designation,manager_code\nRM950,Imported One,imp1@example.com,9876500950,rm,rm,ZSM001\nRM951,Bad Row,not-an-email,9876500951,rm,rm,ZSM001\n';
    const report = await importRows(ctx.db.db, 'employees', csvRows(Readable.from([csv])), {
      partial: true,
      dryRun: false,
      source: 'cli',
      actor: 'head',
    });
    expect(report).toMatchObject({ inserted: 1, rejected: 1 });
    const runs = await call(admin, 'GET', '/api/admin/imports/?limit=10');
    const run = runs.json<{ total: number; rows: { id: string; entity: string; inserted: number; rejected: number; actor: string }[] }>();
    expect(run.total).toBe(1);
    expect(run.rows[0]).toMatchObject({ entity: 'employees', inserted: 1, rejected: 1, actor: 'head', source: 'cli' });
    const rejected = await call(admin, 'GET', `/api/admin/imports/${run.rows[0]?.id}/rejected/`);
    const lines = rejected.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Line,Field,Message');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^3,email,/);
    expect((await call(admin, 'GET', '/api/admin/imports/999999/rejected/')).statusCode).toBe(404);

    const created = await call(admin, 'POST', '/api/admin/api-keys/', { name: 'crm-push', entities: ['policies', 'customers'] });
    const key = created.json<{ name: string; key: string }>().key;
    expect(key).toMatch(/^dsk_/);
    expect(await liveApiKey(ctx.db.db, key)).toEqual({ name: 'crm-push', entities: ['policies', 'customers'] });
    const list = await call(admin, 'GET', '/api/admin/api-keys/');
    expect(list.body).not.toContain(key);
    expect(list.json<{ rows: { name: string; revoked_at: string | null }[] }>().rows).toEqual([
      expect.objectContaining({ name: 'crm-push', entities: ['policies', 'customers'], revoked_at: null }),
    ]);
    expect((await call(admin, 'POST', '/api/admin/api-keys/', { name: 'crm-push', entities: ['policies'] })).json()).toEqual({
      error: 'An API key named "crm-push" already exists: choose another name',
    });
    expect((await call(admin, 'POST', '/api/admin/api-keys/', { name: '-bad name', entities: ['policies'] })).statusCode).toBe(400);
    // No default scope: a key names what it may push (decision 058).
    const unscoped = await call(admin, 'POST', '/api/admin/api-keys/', { name: 'no-scope' });
    expect(unscoped.statusCode).toBe(400);
    expect(
      (await call(admin, 'POST', '/api/admin/api-keys/', { name: 'no-scope', entities: [] })).json<{ error: string }>().error,
    ).toContain('Choose the entities the key may push');
    expect((await auditOf('admin.api_key_create'))?.after).toEqual({ entities: ['policies', 'customers'] });
    const revoked = await call(admin, 'POST', '/api/admin/api-keys/crm-push/revoke/', {});
    expect(revoked.json<{ rows: { revoked_at: string | null }[] }>().rows[0]?.revoked_at).not.toBeNull();
    expect(await liveApiKey(ctx.db.db, key)).toBeNull();
    expect((await call(admin, 'POST', '/api/admin/api-keys/crm-push/revoke/', {})).json()).toEqual({
      error: 'The API key "crm-push" is already revoked',
    });
    expect((await call(admin, 'POST', '/api/admin/api-keys/nope/revoke/', {})).statusCode).toBe(404);
    expect((await auditOf('admin.api_key_revoke'))?.entity_id).toBe('crm-push');
  });

  it('refuses every admin route to a non-admin (403) and to a deactivated administrator (401)', async () => {
    const adminRoutes = ctx.app.routeList.filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(24);
    const fill = (url: string) => url.replace(':code', 'RM001').replace(':id', '1').replace(':name', 'x');
    const zsm = await signIn(ctx.app, 'zsm2');
    // A second administrator, then deactivated: their session dies with them.
    await ctx.db.db.updateTable('users').set({ is_admin: true }).where('login', '=', 'zsm').execute();
    const former = await signIn(ctx.app, 'zsm');
    expect((await call(former, 'GET', '/api/admin/people/')).statusCode).toBe(200);
    await call(admin, 'POST', `/api/admin/users/${await userId('zsm')}/deactivate/`, {});
    for (const route of adminRoutes) {
      const method = route.method as 'GET' | 'POST';
      expect((await call(zsm, method, fill(route.url), {})).statusCode, `${route.method} ${route.url} as non-admin`).toBe(403);
      expect((await call(former, method, fill(route.url), {})).statusCode, `${route.method} ${route.url} as inactive`).toBe(401);
    }
    await call(admin, 'POST', `/api/admin/users/${await userId('zsm')}/activate/`, {});
    await ctx.db.db.updateTable('users').set({ is_admin: false }).where('login', '=', 'zsm').execute();
  });

  it('shows a name edited on screen or imported in the roll-up reports at once, though their answers are cached', async () => {
    // The head's team report lists their direct reports by name; its answers are cached until the figures change.
    const team = async () => {
      const res = await call(admin, 'GET', '/api/reports/11/');
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    expect(await team()).toContain('"zsm2 Person"');
    expect((await call(admin, 'POST', '/api/admin/people/ZSM002/', { name: 'Zonal Two' })).statusCode).toBe(200);
    const edited = await team();
    expect(edited).toContain('"Zonal Two"');
    expect(edited).not.toContain('"zsm2 Person"');

    const person = await ctx.db.db
      .selectFrom('employees')
      .select(['email', 'phone', 'emp_role', 'designation'])
      .where('unique_code', '=', 'ZSM002')
      .executeTakeFirstOrThrow();
    const csv = `unique_code,name,email,phone,emp_role,designation,manager_code\nZSM002,zsm2 Person,${person.email},${person.phone},${person.emp_role},${person.designation},NH001\n`;
    const imported = await importRows(ctx.db.db, 'employees', csvRows(Readable.from([csv])), {
      partial: false,
      dryRun: false,
      source: 'cli',
    });
    expect(imported).toMatchObject({ updated: 1, rejected: 0 });
    const back = await team();
    expect(back).toContain('"zsm2 Person"');
    expect(back).not.toContain('"Zonal Two"');
  });
});

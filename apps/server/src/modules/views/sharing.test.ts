import {
  MAX_VIEW_RECIPIENTS,
  VIEW_GONE_MESSAGE,
  VIEW_OUTSIDE_TEAM_MESSAGE,
  VIEWS_PATHS,
  type Colleague,
  type SavedView,
} from '@dossier/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCallers, type Caller } from '../../../test/app';
import { createTeamTestApp } from '../../../test/team-fixtures';
import { NOT_SHARED_WITH_YOU } from './sharing';

/**
 * Sharing saved views (docs/product/views.md, 'Sharing a view'). The fixture organisation: head → zsm → {rm,
 * r204 (the life-only role)}, head → zsm2 → r201.
 */

/** Team report summary (11), which every role but 204 may open; not drilled unless a test says so. */
const VIEW = {
  screen: 'reports',
  report_id: 11,
  account_id: null,
  start_date: '2026-04-01',
  end_date: '2026-04-30',
  product_type_id: [],
  insurers: [],
  states: [],
  business_type: [],
} as const;
/** A report of the Life Issuance dashboard (22), which every role may open, role 204 too. */
const LIFE = { ...VIEW, report_id: 22 } as const;

describe('sharing saved views', () => {
  let ctx: Awaited<ReturnType<typeof createTeamTestApp>>;
  /** Signed-in callers; new ones after a deactivation, which ends the person's sessions. */
  let callers: (login: string) => Promise<Caller>;
  let made = 0;
  beforeAll(async () => {
    ctx = await createTeamTestApp();
    callers = ctx.as;
  });
  afterAll(() => ctx.close());

  const userId = async (login: string) =>
    (await ctx.db.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const saved = async (login: string, body: object = VIEW): Promise<SavedView> => {
    const res = await (await callers(login)).post(VIEWS_PATHS.list, { ...body, name: `View ${++made}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SavedView>();
  };
  const share = async (owner: string, id: string, recipient: string) =>
    (await callers(owner)).post(VIEWS_PATHS.shares(id), { user_id: await userId(recipient) });
  const sharedWith = async (login: string) => (await (await callers(login)).get(VIEWS_PATHS.shared)).json<SavedView[]>();
  const colleagues = async (login: string, search = '') =>
    (await (await callers(login)).get(`${VIEWS_PATHS.colleagues}?search=${encodeURIComponent(search)}`)).json<Colleague[]>();
  const setActive = (login: string, active: boolean) => ctx.db.db.updateTable('users').set({ active }).where('login', '=', login).execute();

  it('finds colleagues in the team and the line of managers, by name, login or code, never the viewer or another branch', async () => {
    expect((await colleagues('zsm')).map((c) => c.login)).toEqual(['head', 'r204', 'rm']);
    expect(await colleagues('zsm', 'RM0')).toEqual([
      { user_id: await userId('r204'), name: 'r204 Person', login: 'r204', code: 'RM002' },
      { user_id: await userId('rm'), name: 'rm Person', login: 'rm', code: 'RM001' },
    ]);
    expect((await colleagues('zsm', 'HEAD')).map((c) => c.login)).toEqual(['head']);
    // A search that would match another branch (ZSM002, RM003) finds nothing there.
    expect((await colleagues('zsm', 'zsm2')).map((c) => c.login)).toEqual([]);
    expect((await colleagues('rm')).map((c) => c.login)).toEqual(['head', 'zsm']);
    expect((await colleagues('head')).map((c) => c.login)).toEqual(['r201', 'r204', 'rm', 'zsm', 'zsm2']);
    // '%' and '_' are matched as typed.
    expect(await colleagues('head', '%')).toEqual([]);
    const tooLong = await (await callers('zsm')).get(`${VIEWS_PATHS.colleagues}?search=${'x'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    // The field's name once ('Search search: …' before).
    expect(tooLong.json<{ error: string }>().error).toBe('Search must be at most 100 characters');
  });

  it('the owner shares with a colleague, who finds it under Shared with me, opens it, cannot change it, and removes it from the list', async () => {
    const view = await saved('zsm', { ...VIEW, description: 'April, whole team' });
    const res = await share('zsm', view.id, 'rm');
    expect(res.statusCode, res.body).toBe(200);
    const shared = res.json<SavedView>();
    expect(shared.shared_with).toEqual([
      { user_id: await userId('rm'), name: 'rm Person', login: 'rm', code: 'RM001', active: true, shared_at: expect.any(String) as string },
    ]);
    // Sharing again changes nothing.
    const again = await share('zsm', view.id, 'rm');
    expect(again.json<SavedView>().shared_with).toEqual(shared.shared_with);
    // The owner's list carries the recipients too.
    const mine = (await (await callers('zsm')).get(VIEWS_PATHS.list)).json<SavedView[]>();
    expect(mine.find((v) => v.id === view.id)?.shared_with.map((r) => r.login)).toEqual(['rm']);
    const [entry] = await ctx.db.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'after'])
      .where('action', '=', 'view_shared')
      .where('entity_id', '=', view.id)
      .execute();
    expect(entry).toEqual({ actor_user_id: await userId('zsm'), after: { user_id: await userId('rm'), login: 'rm' } });

    // The recipient: listed with who shared it, no recipients, not theirs.
    const list = await sharedWith('rm');
    expect(list.map((v) => v.id)).toEqual([view.id]);
    expect(list[0]).toMatchObject({
      name: view.name,
      description: 'April, whole team',
      owned: false,
      shared_with: [],
      shared_by: { name: 'zsm Person', code: 'ZSM001', shared_at: shared.shared_with[0]?.shared_at },
    });
    const opened = await (await callers('rm')).get(VIEWS_PATHS.one(view.id));
    expect(opened.statusCode).toBe(200);
    expect(opened.json<SavedView>()).toEqual(list[0]);
    // Others see it in no list of theirs.
    expect(await sharedWith('zsm')).toEqual([]);
    expect(await sharedWith('head')).toEqual([]);

    const rm = await callers('rm');
    for (const [url, body, message] of [
      [VIEWS_PATHS.rename(view.id), { name: 'Mine now' }, 'Only the person who saved this view can rename it.'],
      [VIEWS_PATHS.remove(view.id), {}, 'Only the person who saved this view can delete it.'],
      [VIEWS_PATHS.shares(view.id), { user_id: await userId('head') }, 'Only the person who saved this view can share it.'],
      [VIEWS_PATHS.unshare(view.id, await userId('rm')), {}, 'Only the person who saved this view can share it.'],
    ] as const) {
      const refused = await rm.post(url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ error: message });
    }

    const dismissed = await rm.post(VIEWS_PATHS.dismiss(view.id), {});
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ message: `View '${view.name}' removed from Shared with me` });
    expect(await sharedWith('rm')).toEqual([]);
    expect((await (await callers('zsm')).get(VIEWS_PATHS.one(view.id))).json<SavedView>().shared_with).toEqual([]);
    const twice = await rm.post(VIEWS_PATHS.dismiss(view.id), {});
    expect(twice.statusCode).toBe(403);
    expect(twice.json()).toEqual({ error: NOT_SHARED_WITH_YOU });
    // The owner's own view is not theirs to dismiss.
    expect((await (await callers('zsm')).post(VIEWS_PATHS.dismiss(view.id), {})).json()).toEqual({ error: NOT_SHARED_WITH_YOU });
  });

  it('shares upwards too, and the owner removes a recipient', async () => {
    const view = await saved('rm');
    expect((await share('rm', view.id, 'zsm')).statusCode).toBe(200);
    expect((await share('rm', view.id, 'head')).json<SavedView>().shared_with.map((r) => r.login)).toEqual(['zsm', 'head']);
    expect((await sharedWith('head')).map((v) => v.shared_by?.name)).toEqual(['rm Person']);
    const removed = await (await callers('rm')).post(VIEWS_PATHS.unshare(view.id, await userId('zsm')), {});
    expect(removed.statusCode).toBe(200);
    expect(removed.json<SavedView>().shared_with.map((r) => r.login)).toEqual(['head']);
    expect(await sharedWith('zsm')).toEqual([]);
    const notThere = await (await callers('rm')).post(VIEWS_PATHS.unshare(view.id, await userId('zsm')), {});
    expect(notThere.statusCode).toBe(404);
    expect(notThere.json()).toEqual({ error: 'This view is not shared with that person.' });
    expect(
      await ctx.db.db
        .selectFrom('audit_events')
        .select('before')
        .where('action', '=', 'view_unshared')
        .where('entity_id', '=', view.id)
        .execute(),
    ).toEqual([{ before: { user_id: await userId('zsm') } }]);
  });

  it('refuses a colleague outside the team and the line of managers, an unknown user and the owner alike', async () => {
    const view = await saved('zsm');
    for (const [who, id] of [
      ['zsm2', await userId('zsm2')],
      ['r201', await userId('r201')],
      ['nobody', 999_999],
      ['the owner', await userId('zsm')],
    ] as const) {
      const res = await (await callers('zsm')).post(VIEWS_PATHS.shares(view.id), { user_id: id });
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ error: `User ${id} is not an active colleague in your team or above you` });
    }
    const bad = await (await callers('zsm')).post(VIEWS_PATHS.shares(view.id), { user_id: 'rm' });
    expect(bad.statusCode).toBe(400);
    expect(await ctx.db.db.selectFrom('saved_view_shares').selectAll().where('view_id', '=', view.id).execute()).toEqual([]);
  });

  it('refuses a share the recipient could not open: an account outside their team, a page their role may not read', async () => {
    // RM001 is below zsm but not below r204; report 11 is a business report, which role 204 may not read.
    const drilled = await saved('zsm', { ...LIFE, account_id: 'RM001' });
    const outside = await share('zsm', drilled.id, 'r204');
    expect(outside.statusCode).toBe(409);
    expect(outside.json()).toEqual({ error: 'r204 Person cannot open this view: its account is outside their team.' });
    const business = await saved('zsm');
    const role = await share('zsm', business.id, 'r204');
    expect(role.statusCode).toBe(409);
    expect(role.json()).toEqual({ error: 'r204 Person cannot open this view: its page is not available to their role.' });
    // A life page at the top opens for the role: shared.
    expect((await share('zsm', (await saved('zsm', LIFE)).id, 'r204')).statusCode).toBe(200);
    expect((await share('zsm', drilled.id, 'head')).statusCode).toBe(200);
  });

  it('a shared view whose account has since left the recipient’s team is listed but refused with the reports’ refusal', async () => {
    // Shared while RM001 was in r201's team, as before a move (the share itself is refused today).
    const view = await saved('head', { ...VIEW, account_id: 'RM001' });
    await ctx.db.db
      .insertInto('saved_view_shares')
      .values({ view_id: view.id, user_id: await userId('r201') })
      .execute();
    expect((await sharedWith('r201')).map((v) => v.id)).toEqual([view.id]);
    const opened = await (await callers('r201')).get(VIEWS_PATHS.one(view.id));
    expect(opened.statusCode).toBe(403);
    expect(opened.json()).toEqual({ error: VIEW_OUTSIDE_TEAM_MESSAGE });
    // The page the view would open refuses the account as every report does.
    const report = await (await callers('r201')).get(`/api/reports/11/?account_id=RM001&start_date=2026-04-01&end_date=2026-04-30`);
    expect(report.statusCode).toBe(403);
    expect(report.json()).toEqual({ error: 'Account RM001 is outside your team' });
    // They can still take it off their list.
    expect((await (await callers('r201')).post(VIEWS_PATHS.dismiss(view.id), {})).statusCode).toBe(200);
  });

  it('a deactivated colleague cannot be added but stays listed, inactive, to the owner; a deactivated owner’s views stay shared', async () => {
    const view = await saved('zsm');
    expect((await share('zsm', view.id, 'head')).statusCode).toBe(200);
    expect((await share('zsm', view.id, 'rm')).statusCode).toBe(200);
    await setActive('rm', false);
    try {
      expect((await colleagues('zsm')).map((c) => c.login)).toEqual(['head', 'r204']);
      const res = await share('zsm', (await saved('zsm')).id, 'rm');
      expect(res.statusCode).toBe(403);
      const mine = (await (await callers('zsm')).get(VIEWS_PATHS.one(view.id))).json<SavedView>();
      expect(mine.shared_with.map((r) => [r.login, r.active])).toEqual([
        ['head', true],
        ['rm', false],
      ]);
    } finally {
      await setActive('rm', true);
    }
    await setActive('zsm', false);
    try {
      const list = await sharedWith('head');
      expect(list.map((v) => v.id)).toContain(view.id);
      expect((await (await callers('head')).get(VIEWS_PATHS.one(view.id))).statusCode).toBe(200);
    } finally {
      await setActive('zsm', true);
      callers = signedInCallers(ctx.app);
    }
  });

  it('deleting a view takes it off every recipient’s list; a deleted view cannot be shared or dismissed', async () => {
    const view = await saved('zsm');
    await share('zsm', view.id, 'rm');
    expect((await (await callers('zsm')).post(VIEWS_PATHS.remove(view.id), {})).statusCode).toBe(200);
    expect((await sharedWith('rm')).map((v) => v.id)).not.toContain(view.id);
    const [deleted] = await ctx.db.db
      .selectFrom('audit_events')
      .select('before')
      .where('action', '=', 'view_deleted')
      .where('entity_id', '=', view.id)
      .execute();
    expect(deleted?.before).toMatchObject({ shared_with: [expect.objectContaining({ login: 'rm' })] });
    for (const [login, url, body] of [
      ['zsm', VIEWS_PATHS.shares(view.id), { user_id: await userId('rm') }],
      ['rm', VIEWS_PATHS.dismiss(view.id), {}],
    ] as const) {
      const res = await (await callers(login)).post(url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: VIEW_GONE_MESSAGE });
    }
  });

  it(`shares one view with at most ${MAX_VIEW_RECIPIENTS} colleagues`, async () => {
    // The head's team grows by enough people to pass the limit.
    const head = ctx.ids.get('NH001') ?? -1;
    const ids: number[] = [];
    for (let i = 0; i < MAX_VIEW_RECIPIENTS; i++) {
      const e = await ctx.db.db
        .insertInto('employees')
        .values({
          unique_code: `SH${i}`,
          name: `Share ${i}`,
          email: `share${i}@example.com`,
          phone: '9876500001',
          emp_role: 'rm',
          designation: 'rm',
          manager_id: head,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into employee_closure (ancestor_id, descendant_id, depth) values (${e.id}, ${e.id}, 0), (${head}, ${e.id}, 1)`.execute(
        ctx.db.db,
      );
      const u = await ctx.db.db
        .insertInto('users')
        .values({ login: `share${i}`, password_hash: null, employee_id: e.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(u.id);
    }
    const view = await saved('head');
    const head_ = await callers('head');
    for (const id of ids.slice(0, MAX_VIEW_RECIPIENTS - 1))
      expect((await head_.post(VIEWS_PATHS.shares(view.id), { user_id: id })).statusCode).toBe(200);
    expect((await head_.post(VIEWS_PATHS.shares(view.id), { user_id: await userId('zsm') })).statusCode).toBe(200);
    const over = await head_.post(VIEWS_PATHS.shares(view.id), { user_id: ids.at(-1) });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: `This view is shared with ${MAX_VIEW_RECIPIENTS} colleagues, the most one view may be. Remove one to add another.`,
    });
    // Sharing again with a recipient is no new share, so it is not refused.
    expect((await head_.post(VIEWS_PATHS.shares(view.id), { user_id: await userId('zsm') })).statusCode).toBe(200);
    expect((await head_.get(VIEWS_PATHS.one(view.id))).json<SavedView>().shared_with).toHaveLength(MAX_VIEW_RECIPIENTS);
  });
});

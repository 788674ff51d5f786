import { MAX_VIEWS_PER_USER, VIEW_GONE_MESSAGE, VIEW_OUTSIDE_TEAM_MESSAGE, VIEWS_PATHS, type SavedView } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamTestApp } from '../../../test/team-fixtures';

/** A drilled, filtered view of the Business Dashboard (id 1) as the report page sends it. */
const VIEW = {
  name: '  Q2 motor, RM001  ',
  screen: 'reports',
  report_id: 1,
  account_id: 'RM001',
  start_date: '2026-04-01',
  end_date: '2026-06-30',
  product_type_id: [34, 35],
  insurers: ['Acko', 'Digit'],
  states: ['Delhi'],
  business_type: [1, 3],
} as const;
const STORED = {
  screen: 'reports',
  report_id: 1,
  report_name: 'Business Dashboard',
  account_id: 'RM001',
  start_date: '2026-04-01',
  end_date: '2026-06-30',
  product_type_id: [34, 35],
  insurers: ['Acko', 'Digit'],
  states: ['Delhi'],
  business_type: [1, 3],
};

describe('saved views', () => {
  let ctx: Awaited<ReturnType<typeof createTeamTestApp>>;
  beforeAll(async () => {
    ctx = await createTeamTestApp();
    // The insurers the views name (the migrations install Delhi among the states, and a list of insurers).
    await ctx.db.db
      .insertInto('insurers')
      .values([
        { id: 901, name: 'Acko' },
        { id: 902, name: 'Digit' },
      ])
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  });
  afterAll(() => ctx.close());

  const save = async (login: string, body: object) => (await ctx.as(login)).post(VIEWS_PATHS.list, body);
  const open = async (login: string, id: string) => (await ctx.as(login)).get(VIEWS_PATHS.one(id));
  const saved = async (login: string, body: object): Promise<SavedView> => {
    const res = await save(login, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SavedView>();
  };
  const auditOf = (action: string, id: string) =>
    ctx.db.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'after', 'before'])
      .where('action', '=', action)
      .where('entity_id', '=', id)
      .execute();

  it('saves a view with its name trimmed and every filter exactly as sent, lists it and audits it', async () => {
    const view = await saved('zsm', VIEW);
    expect(view).toMatchObject({ ...STORED, name: 'Q2 motor, RM001', owned: true });
    expect(view.id).toMatch(/^[0-9a-f-]{36}$/);
    const list = (await (await ctx.as('zsm')).get(VIEWS_PATHS.list)).json<SavedView[]>();
    expect(list.find((v) => v.id === view.id)).toEqual(view);
    // Nobody else's list shows it.
    const other = (await (await ctx.as('head')).get(VIEWS_PATHS.list)).json<SavedView[]>();
    expect(other.map((v) => v.id)).not.toContain(view.id);
    const [entry] = await auditOf('view_saved', view.id);
    expect(entry?.after).toMatchObject({ name: 'Q2 motor, RM001', account_id: 'RM001', insurers: ['Acko', 'Digit'] });
    // Opening it again (its link) answers the same filters.
    expect((await open('zsm', view.id)).json()).toEqual(view);
  });

  it('keeps an optional description, trimmed, blank as none; the owner changes or clears it with the name', async () => {
    const view = await saved('zsm', { ...VIEW, name: 'Described', description: '  For the Monday review  ' });
    expect(view).toMatchObject({ description: 'For the Monday review', shared_with: [], shared_by: null });
    expect((await saved('zsm', { ...VIEW, name: 'Blank description', description: '   ' })).description).toBeNull();
    expect((await saved('zsm', { ...VIEW, name: 'No description' })).description).toBeNull();
    const zsm = await ctx.as('zsm');
    // Renaming without a description keeps it.
    const renamed = await zsm.post(VIEWS_PATHS.rename(view.id), { name: 'Described again' });
    expect(renamed.json<SavedView>()).toMatchObject({ name: 'Described again', description: 'For the Monday review' });
    const changed = await zsm.post(VIEWS_PATHS.rename(view.id), { name: 'Described again', description: 'Quarter to date' });
    expect(changed.json<SavedView>().description).toBe('Quarter to date');
    const cleared = await zsm.post(VIEWS_PATHS.rename(view.id), { name: 'Described again', description: null });
    expect(cleared.json<SavedView>().description).toBeNull();
    expect((await auditOf('view_renamed', view.id)).at(-1)).toMatchObject({
      before: { name: 'Described again', description: 'Quarter to date' },
      after: { name: 'Described again', description: null },
    });
    const long = await zsm.post(VIEWS_PATHS.rename(view.id), { name: 'Described again', description: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: string }>().error).toBe('A description can have at most 300 characters');
    expect((await open('zsm', view.id)).json<SavedView>().description).toBeNull();
  });

  it('opens for a colleague whose subtree holds the drilled account, and refuses one whose does not', async () => {
    const view = await saved('zsm', { ...VIEW, name: 'For colleagues' });
    // The national head is above RM001; RM001 is the rm's own account.
    for (const login of ['head', 'rm']) {
      const res = await open(login, view.id);
      expect(res.statusCode, login).toBe(200);
      expect(res.json()).toEqual({ ...view, owned: false });
    }
    // ZSM002 leads another branch; RM002 is RM001's peer.
    for (const login of ['zsm2', 'r201', 'r204']) {
      const res = await open(login, view.id);
      expect(res.statusCode, login).toBe(403);
      expect(res.json()).toEqual({ error: VIEW_OUTSIDE_TEAM_MESSAGE });
    }
  });

  it('checks a partner account against the partners mapped into the subtree', async () => {
    const view = await saved('zsm', { ...VIEW, name: 'Partner Asha', report_id: 37, account_id: 'EI000001' });
    expect(view.report_name).toBe('Executive report');
    expect((await open('rm', view.id)).statusCode).toBe(200);
    const refused = await open('zsm2', view.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: VIEW_OUTSIDE_TEAM_MESSAGE });
  });

  it('opens a view without a drilled account for anyone (at their own top)', async () => {
    const view = await saved('zsm', { ...VIEW, name: 'Top', account_id: null });
    const res = await open('zsm2', view.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<SavedView>()).toMatchObject({ account_id: null, owned: false, insurers: ['Acko', 'Digit'] });
  });

  it("follows the reports' role rule: the life-only role neither saves nor opens a business dashboard's view", async () => {
    const view = await saved('zsm', { ...VIEW, name: 'Business top', account_id: null });
    const opened = await open('r204', view.id);
    expect(opened.statusCode).toBe(403);
    expect(opened.json()).toEqual({ error: 'This dashboard is not available for your role' });
    const refused = await save('r204', { ...VIEW, name: 'Mine', account_id: null });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'This dashboard is not available for your role' });
  });

  it('saves a Dashboard-screen view with the period left to the reports', async () => {
    const view = await saved('rm', {
      ...VIEW,
      name: 'My dashboard',
      screen: 'dashboard',
      account_id: null,
      start_date: null,
      end_date: null,
      product_type_id: [],
      insurers: [],
      states: [],
      business_type: [],
    });
    expect(view).toMatchObject({ screen: 'dashboard', report_name: 'Dashboard', start_date: null, end_date: null, insurers: [] });
  });

  it('refuses to save a view of an account outside the saver’s team', async () => {
    const res = await save('zsm2', { ...VIEW, name: 'Not mine' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: VIEW_OUTSIDE_TEAM_MESSAGE });
  });

  it('lets the owner rename, refuses anyone else, and keeps names unique per user whatever their case', async () => {
    const view = await saved('zsm', { ...VIEW, name: 'Draft' });
    await saved('zsm', { ...VIEW, name: 'Taken' });
    const zsm = await ctx.as('zsm');
    const renamed = await zsm.post(VIEWS_PATHS.rename(view.id), { name: '  Final  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<SavedView>()).toMatchObject({ ...STORED, id: view.id, name: 'Final' });
    expect(await auditOf('view_renamed', view.id)).toEqual([
      expect.objectContaining({ before: { name: 'Draft', description: null }, after: { name: 'Final', description: null } }),
    ]);

    const duplicate = await zsm.post(VIEWS_PATHS.rename(view.id), { name: 'TAKEN' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: "You already have a view named 'TAKEN'. Choose another name." });
    const again = await save('zsm', { ...VIEW, name: 'taken' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "You already have a view named 'taken'. Choose another name." });
    // Another user may use the same name.
    await saved('head', { ...VIEW, name: 'Taken' });

    for (const login of ['head', 'rm']) {
      const res = await (await ctx.as(login)).post(VIEWS_PATHS.rename(view.id), { name: 'Mine now' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only the person who saved this view can rename it.' });
      const del = await (await ctx.as(login)).post(VIEWS_PATHS.remove(view.id), {});
      expect(del.statusCode).toBe(403);
      expect(del.json()).toEqual({ error: 'Only the person who saved this view can delete it.' });
    }
    expect((await open('zsm', view.id)).json<SavedView>().name).toBe('Final');
  });

  it('deletes for the owner: the link then answers 404 with a clear message', async () => {
    const view = await saved('zsm', { ...VIEW, name: 'Short-lived' });
    const zsm = await ctx.as('zsm');
    const res = await zsm.post(VIEWS_PATHS.remove(view.id), {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "View 'Short-lived' deleted" });
    for (const login of ['zsm', 'head']) {
      const gone = await open(login, view.id);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ error: VIEW_GONE_MESSAGE });
    }
    expect((await zsm.post(VIEWS_PATHS.rename(view.id), { name: 'Back' })).statusCode).toBe(404);
    expect((await zsm.post(VIEWS_PATHS.remove(view.id), {})).statusCode).toBe(404);
    expect((await zsm.get(VIEWS_PATHS.list)).json<SavedView[]>().map((v) => v.id)).not.toContain(view.id);
    const [entry] = await auditOf('view_deleted', view.id);
    expect(entry?.before).toMatchObject({ name: 'Short-lived', account_id: 'RM001' });
  });

  it.each([
    ['an empty name', { name: '   ' }, 'Enter a name for the view'],
    ['a missing name', { name: undefined }, 'Enter a name for the view'],
    ['a name over 80 characters', { name: 'x'.repeat(81) }, 'A view name can have at most 80 characters'],
    ['an unknown report id', { report_id: 999_999 }, 'Unknown report 999999'],
    ['a date that is not a date', { start_date: '2026-02-30' }, 'Start date must be a date in yyyy-MM-dd format'],
    ['one date without the other', { end_date: null }, 'Give both a start date and an end date, or neither'],
    ['dates in the wrong order', { start_date: '2026-07-01' }, 'The end date must not be before the start date'],
    ['a range over three years', { start_date: '2022-01-01' }, 'The date range can span at most 3 years'],
    ['an unknown insurer', { insurers: ['Nobody Insurance'] }, 'Unknown insurer: Nobody Insurance'],
    ['an unknown product', { product_type_id: [9999] }, 'Unknown product_type_id: 9999'],
    ['a business type that does not exist', { business_type: [4] }, 'Business type must be 1 (New Business), 2 (Rollover) or 3 (Renewal)'],
    ['a description over 300 characters', { description: 'x'.repeat(301) }, 'A description can have at most 300 characters'],
  ])('refuses %s with 400 and a message', async (_label, change, message) => {
    const res = await save('zsm', { ...VIEW, name: 'Bad', ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(message);
  });

  it('refuses a rename to an empty name and a malformed view id', async () => {
    const view = await saved('rm', { ...VIEW, name: 'Keep' });
    const rm = await ctx.as('rm');
    const res = await rm.post(VIEWS_PATHS.rename(view.id), { name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('Enter a name for the view');
    const bad = await rm.get(VIEWS_PATHS.one('not-a-view'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('Id must be a view id');
  });

  it(`keeps at most ${MAX_VIEWS_PER_USER} views per user`, async () => {
    const user = await ctx.db.db.selectFrom('users').select('id').where('login', '=', 'r201').executeTakeFirstOrThrow();
    const filters = JSON.stringify({ start_date: null, end_date: null, product_type_id: [], insurers: [], states: [], business_type: [] });
    await ctx.db.db
      .insertInto('saved_views')
      .values(
        Array.from({ length: MAX_VIEWS_PER_USER - 1 }, (_, i) => ({
          user_id: user.id,
          name: `View ${i + 1}`,
          screen: 'reports' as const,
          report_id: 1,
          account_id: null,
          filters,
        })),
      )
      .execute();
    const last = { ...VIEW, name: 'The hundredth', account_id: null };
    expect((await save('r201', last)).statusCode).toBe(200);
    const over = await save('r201', { ...last, name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: `You already have ${MAX_VIEWS_PER_USER} saved views, the most one person may keep. Delete one to save another.`,
    });
    expect((await (await ctx.as('r201')).get(VIEWS_PATHS.list)).json<SavedView[]>()).toHaveLength(MAX_VIEWS_PER_USER);
  });
});

import {
  TEAM_PATHS,
  toDayMonthYear,
  kolkataToday,
  type AnalyticsRow,
  type MappedPartner,
  type ReporteeRow,
  type TeamRow,
} from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamTestApp } from '../../../test/team-fixtures';
import { addDays } from '@dossier/shared';

/**
 * The whole workflow on real data: a requester maps unmapped partners to a manager, the request
 * shows in Manage Team, an approver accepts one and rejects one, the mapping history and Mapped
 * Partners change (today versus yesterday), and the mapping dashboard counts move.
 */
describe('mapping workflow: request → manage team → accept and reject → mapped partners → analytics', () => {
  let ctx: Awaited<ReturnType<typeof createTeamTestApp>>;
  let code = '';
  beforeAll(async () => {
    ctx = await createTeamTestApp();
  });
  afterAll(() => ctx.close());

  const today = kolkataToday();
  const yesterday = addDays(today, -1);
  const analyticsUrl = `${TEAM_PATHS.analytics}?start_date=${toDayMonthYear(yesterday)}&end_date=${toDayMonthYear(today)}`;
  const rm001 = (rows: AnalyticsRow[]) => rows.find((r) => String(r.Manager).includes('RM001'));

  it('starts with no requests and offline mappings only', async () => {
    const rows = (await (await ctx.as('zsm')).get(analyticsUrl)).json<AnalyticsRow[]>();
    expect(rm001(rows)).toMatchObject({ 'Requests Raised': 0, Accepted: 0, 'Motor Mapped': 0, 'Bulk Mapped': 0, 'Total Offline': 4 });
    expect((await (await ctx.as('zsm')).get(TEAM_PATHS.teamList)).json()).toEqual([]);
  });

  it('raises a request as the RM for two unmapped partners to himself', async () => {
    const res = await (
      await ctx.as('rm')
    ).post(TEAM_PATHS.submitMapping, { manager_code: 'RM001', partner_list: ['EI000011', 'EI000012'], is_submit: true });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message: string; request_raised: string; partners: number }>();
    expect(body.request_raised).toMatch(/^MR\d{6}$/);
    expect(body.message).toBe(`Mapping request ${body.request_raised} raised: 2 partners to rm Person (RM001) for motor`);
    code = body.request_raised;
    const audit = await ctx.db.db.selectFrom('audit_events').selectAll().where('action', '=', 'mapping_request_raised').execute();
    expect(audit.map((a) => a.entity_id)).toEqual([code]);
  });

  it('shows the request in Manage Team of the managers above, not of the requester or another branch', async () => {
    const zsm = (await (await ctx.as('zsm')).get(TEAM_PATHS.teamList)).json<TeamRow[]>();
    expect(zsm).toEqual([
      {
        name: 'rm Person (RM001)',
        unique_code: 'RM001',
        request_raised: code,
        product_line: 'motor',
        requested_by: 'rm Person (RM001)',
        raised_on: today,
        pending: 2,
      },
    ]);
    expect((await (await ctx.as('head')).get(TEAM_PATHS.teamList)).json<TeamRow[]>()).toHaveLength(1);
    expect((await (await ctx.as('rm')).get(TEAM_PATHS.teamList)).json()).toEqual([]);
    expect((await (await ctx.as('zsm2')).get(TEAM_PATHS.teamList)).json()).toEqual([]);
    const range = `${TEAM_PATHS.teamList}?start_date=${today}&end_date=${today}`;
    expect((await (await ctx.as('zsm')).get(range)).json<TeamRow[]>()).toHaveLength(1);
    const before = `${TEAM_PATHS.teamList}?start_date=${addDays(today, -400)}&end_date=${yesterday}`;
    expect((await (await ctx.as('zsm')).get(before)).json()).toEqual([]);
  });

  it('lists the reportees of the request', async () => {
    const res = await (await ctx.as('zsm')).get(`${TEAM_PATHS.reporteeDetail}?unique_code=RM001&request_raised=${code}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json<ReporteeRow[]>();
    expect(rows.map((r) => r.unique_code).sort()).toEqual(['EI000011', 'EI000012']);
    expect(rows.find((r) => r.unique_code === 'EI000011')).toMatchObject({
      name: 'Gita Das',
      li_pos_status: 'Yes',
      state: 'Delhi',
      request_raised: code,
      raised_on: today,
    });
    const all = await (await ctx.as('zsm')).get(`${TEAM_PATHS.reporteeDetail}?unique_code=RM001&request_raised=null`);
    expect(all.json<ReporteeRow[]>()).toHaveLength(2);
  });

  it('accepts one and rejects the other, auditing every change', async () => {
    const zsm = await ctx.as('zsm');
    const accept = await zsm.post(TEAM_PATHS.acceptMemberList, {
      reportee: ['EI000011'],
      manager: 'RM001',
      is_accepted: true,
      request_raised: code,
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ message: '1 reportee accepted for rm Person (RM001)', status: 'accepted', decided: 1 });
    const reject = await zsm.post(TEAM_PATHS.acceptMemberList, { reportee: ['EI000012'], manager: 'RM001', is_accepted: false });
    expect(reject.statusCode).toBe(200);
    expect(reject.json()).toMatchObject({ status: 'rejected', decided: 1 });

    const items = await ctx.db.db
      .selectFrom('mapping_request_items as i')
      .innerJoin('partners as p', 'p.id', 'i.partner_id')
      .select(['p.unique_code', 'i.status', 'i.decided_by', 'i.decided_at'])
      .orderBy('p.unique_code')
      .execute();
    expect(items.map((i) => [i.unique_code, i.status, i.decided_by])).toEqual([
      ['EI000011', 'accepted', ctx.ids.get('ZSM001')],
      ['EI000012', 'rejected', ctx.ids.get('ZSM001')],
    ]);
    const actions = await ctx.db.db
      .selectFrom('audit_events')
      .select(['action', 'entity_id'])
      .where('action', 'in', ['mapping_request_accepted', 'mapping_request_rejected', 'partner_mapping_changed'])
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['mapping_request_accepted', 'partner_mapping_changed', 'mapping_request_rejected']);
    expect(actions[1]?.entity_id).toBe('EI000011');

    const mappings = await ctx.db.db
      .selectFrom('partner_mappings')
      .selectAll()
      .where('partner_id', '=', ctx.partners.get('EI000011') ?? 0)
      .execute();
    expect(mappings).toHaveLength(1);
    expect(mappings[0]).toMatchObject({ manager_id: ctx.ids.get('RM001'), reporting_type: 2, valid_to: null });
    expect(mappings[0]?.request_item_id).not.toBeNull();
    // The decided request leaves Manage Team.
    expect((await zsm.get(TEAM_PATHS.teamList)).json()).toEqual([]);
  });

  it('refuses to decide an already decided item with a clear 409 and changes nothing', async () => {
    const head = await ctx.as('head');
    const countAudit = async () => (await ctx.db.db.selectFrom('audit_events').select('id').execute()).length;
    const before = await countAudit();
    const res = await head.post(TEAM_PATHS.acceptMemberList, { reportee: ['EI000012', 'EI000011'], manager: 'RM001', is_accepted: true });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toBe(`EI000012 was already rejected by zsm Person on ${today}; nothing was changed`);
    expect(await countAudit()).toBe(before);
    const mapped = await ctx.db.db
      .selectFrom('partner_mappings')
      .select('id')
      .where('partner_id', '=', ctx.partners.get('EI000012') ?? 0)
      .execute();
    expect(mapped).toEqual([]);
  });

  it('shows the accepted partner in Mapped Partners as on today but not as on yesterday', async () => {
    const zsm = await ctx.as('zsm');
    const list = async (day: string) =>
      (await zsm.get(`${TEAM_PATHS.mappedPartners}?as_on=${toDayMonthYear(day)}&return_type=pos_code`))
        .json<MappedPartner[]>()
        .map((r) => r.unique_code);
    expect(await list(today)).toContain('EI000011');
    expect(await list(yesterday)).not.toContain('EI000011');
    expect(await list(today)).not.toContain('EI000012');
    expect((await list(today)).length).toBe((await list(yesterday)).length + 1);
  });

  it('moves the mapping dashboard counts', async () => {
    const rows = (await (await ctx.as('zsm')).get(analyticsUrl)).json<AnalyticsRow[]>();
    expect(rm001(rows)).toMatchObject({
      'Requests Raised': 2,
      Accepted: 1,
      Rejected: 1,
      Pending: 0,
      Cancelled: 0,
      'Motor Mapped': 1,
      'Health Mapped': 0,
      'Life Mapped': 0,
      'Bulk Mapped': 0,
      'Total Offline': 4,
    });
  });

  it('takes the partner out of the unmapped pool; the rejected one stays, free to request again', async () => {
    const res = await (await ctx.as('rm')).get(TEAM_PATHS.unmappedPartners);
    const body = res.json<{ partners: { unique_code: string; pending_request: string | null }[] }>();
    expect(body.partners.map((p) => p.unique_code).sort()).toEqual(['EI000012', 'EI000013', 'EI000014']);
    expect(body.partners.find((p) => p.unique_code === 'EI000012')?.pending_request).toBeNull();
  });
});

import { MAX_MAPPING_ITEMS, TEAM_PATHS } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamTestApp } from '../../../test/team-fixtures';

describe('accept_member_list: who may decide, bad input, and two approvers at once', () => {
  let ctx: Awaited<ReturnType<typeof createTeamTestApp>>;
  beforeAll(async () => {
    ctx = await createTeamTestApp();
  });
  afterAll(() => ctx.close());

  const raise = async (partners: string[]) => {
    const res = await (
      await ctx.as('rm')
    ).post(TEAM_PATHS.submitMapping, { manager_code: 'RM001', partner_list: partners, is_submit: true });
    expect(res.statusCode).toBe(200);
    return res.json<{ request_raised: string }>().request_raised;
  };
  const decide = async (login: string, body: object) => (await ctx.as(login)).post(TEAM_PATHS.acceptMemberList, body);
  const itemStatus = async (partner: string) =>
    (
      await ctx.db.db
        .selectFrom('mapping_request_items as i')
        .innerJoin('partners as p', 'p.id', 'i.partner_id')
        .select('i.status')
        .where('p.unique_code', '=', partner)
        .orderBy('i.id', 'desc')
        .executeTakeFirstOrThrow()
    ).status;

  it('lets exactly one of two approvers win when both accept at once', async () => {
    await raise(['EI000011']);
    const body = { reportee: ['EI000011'], manager: 'RM001', is_accepted: true };
    const [a, b] = await Promise.all([decide('zsm', body), decide('head', body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json<{ error: string }>().error).toMatch(
      /^EI000011 was already accepted by (zsm|head) Person on \d{4}-\d{2}-\d{2}; nothing was changed$/,
    );
    const open = await ctx.db.db
      .selectFrom('partner_mappings')
      .select('id')
      .where('partner_id', '=', ctx.partners.get('EI000011') ?? 0)
      .execute();
    expect(open).toHaveLength(1);
    const audits = await ctx.db.db.selectFrom('audit_events').select('id').where('action', '=', 'mapping_request_accepted').execute();
    expect(audits).toHaveLength(1);
  });

  it('lets exactly one of an accept and a reject win', async () => {
    await raise(['EI000012']);
    const [a, b] = await Promise.all([
      decide('zsm', { reportee: ['EI000012'], manager: 'RM001', is_accepted: true }),
      decide('head', { reportee: ['EI000012'], manager: 'RM001', is_accepted: false }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const status = await itemStatus('EI000012');
    const mappings = await ctx.db.db
      .selectFrom('partner_mappings')
      .select('id')
      .where('partner_id', '=', ctx.partners.get('EI000012') ?? 0)
      .execute();
    expect(mappings).toHaveLength(status === 'accepted' ? 1 : 0);
  });

  it('decides a whole selection or nothing', async () => {
    await raise(['EI000014']);
    // EI000011 is already decided: the pending EI000014 must stay pending.
    const res = await decide('zsm', { reportee: ['EI000014', 'EI000011'], manager: 'RM001', is_accepted: false });
    expect(res.statusCode).toBe(409);
    expect(await itemStatus('EI000014')).toBe('pending');
  });

  it('refuses managers outside the subtree or unknown (403), unknown partners (404) and requests of another manager (404)', async () => {
    const code = await raise(['EI000013']);
    expect((await decide('zsm2', { reportee: ['EI000013'], manager: 'RM001', is_accepted: true })).statusCode).toBe(403);
    expect((await decide('zsm', { reportee: ['EI000005'], manager: 'RM003', is_accepted: true })).statusCode).toBe(403);
    const unknownManager = await decide('zsm', { reportee: ['EI000013'], manager: 'RM404', is_accepted: true });
    expect(unknownManager.statusCode).toBe(403);
    expect(unknownManager.json()).toEqual({ error: 'Account RM404 is outside your team' });
    expect((await decide('zsm', { reportee: ['EI404404'], manager: 'RM001', is_accepted: true })).statusCode).toBe(404);
    const elsewhere = await decide('zsm', { reportee: ['EI000013'], manager: 'RM002', is_accepted: true });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json<{ error: string }>().error).toBe('EI000013 has no mapping request to RM002');
    expect(
      (await decide('zsm', { reportee: ['EI000013'], manager: 'RM001', is_accepted: true, request_raised: 'MR999999' })).statusCode,
    ).toBe(404);
    // The requester's own request is not theirs to decide, and it is not in their Manage Team.
    expect((await decide('rm', { reportee: ['EI000013'], manager: 'RM001', is_accepted: true })).statusCode).toBe(403);
    expect((await (await ctx.as('rm')).get(`${TEAM_PATHS.reporteeDetail}?unique_code=RM001&request_raised=${code}`)).statusCode).toBe(403);
    expect((await (await ctx.as('zsm2')).get(`${TEAM_PATHS.reporteeDetail}?unique_code=RM001&request_raised=${code}`)).statusCode).toBe(
      403,
    );
    const unknownDetail = await (await ctx.as('zsm')).get(`${TEAM_PATHS.reporteeDetail}?unique_code=RM404&request_raised=null`);
    expect(unknownDetail.statusCode).toBe(403);
    expect(unknownDetail.json()).toEqual({ error: 'Account RM404 is outside your team' });
    expect(await itemStatus('EI000013')).toBe('pending');
  });

  it.each([
    [{ reportee: [], manager: 'RM001', is_accepted: true }, 'Select at least one reportee'],
    [{ reportee: Array.from({ length: MAX_MAPPING_ITEMS + 1 }, (_, i) => `EI${i}`), manager: 'RM001', is_accepted: true }, 'At most 500'],
    [{ reportee: ['EI000013'], manager: 'RM001' }, 'Is accepted is missing'],
    [{ reportee: 'EI000013', manager: 'RM001', is_accepted: true }, 'Reportee is not valid'],
  ])('refuses bad input with 400 (case %#)', async (body, message) => {
    const res = await decide('zsm', body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(message);
  });

  it('refuses team_list dates that do not parse or run backwards', async () => {
    const zsm = await ctx.as('zsm');
    expect((await zsm.get(`${TEAM_PATHS.teamList}?start_date=2025-13-01&end_date=2025-12-31`)).statusCode).toBe(400);
    expect((await zsm.get(`${TEAM_PATHS.teamList}?start_date=2025-06-30&end_date=2025-06-01`)).statusCode).toBe(400);
    expect((await zsm.get(`${TEAM_PATHS.teamList}?end_date=2025-06-01`)).statusCode).toBe(400);
  });
});

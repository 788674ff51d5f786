import { MAX_MAPPING_ITEMS, TEAM_PATHS, type UnmappedPartnersResponse } from '@dossier/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamTestApp } from '../../../test/team-fixtures';

type Lists = Extract<UnmappedPartnersResponse, { partners: unknown }>;
type AsmLists = Extract<UnmappedPartnersResponse, { motor: unknown }>;

describe('Requester view: unmapped partners, submit mapping, cancel mapping', () => {
  let ctx: Awaited<ReturnType<typeof createTeamTestApp>>;
  beforeAll(async () => {
    ctx = await createTeamTestApp();
  });
  afterAll(() => ctx.close());

  const submit = async (login: string, body: object) => (await ctx.as(login)).post(TEAM_PATHS.submitMapping, { is_submit: true, ...body });
  const pendingOf = async (code: string) =>
    ctx.db.db
      .selectFrom('mapping_request_items as i')
      .innerJoin('partners as p', 'p.id', 'i.partner_id')
      .select(['i.status'])
      .where('p.unique_code', '=', code)
      .where('i.status', '=', 'pending')
      .execute();

  describe('GET unmapped_partners', () => {
    it('gives a non-asm the unmapped pool and the managers of their subtree', async () => {
      const body = (await (await ctx.as('zsm')).get(TEAM_PATHS.unmappedPartners)).json<Lists>();
      expect(body.designation).toBe('zsm');
      expect(body.partners.map((p) => p.unique_code).sort()).toEqual(['EI000011', 'EI000012', 'EI000013', 'EI000014']);
      expect(body.partners.find((p) => p.unique_code === 'EI000011')).toMatchObject({
        name: 'Gita Das',
        pincode: '110001',
        state: 'Delhi',
        li_pos_status: true,
        pending_request: null,
        can_cancel: false,
      });
      expect(body.managers.map((m) => [m.unique_code, m.product])).toEqual([
        ['ZSM001', 'motor, health, life'],
        ['RM002', 'life'],
        ['RM001', 'motor'],
      ]);
      const rm = (await (await ctx.as('rm')).get(TEAM_PATHS.unmappedPartners)).json<Lists>();
      expect(rm.managers.map((m) => m.unique_code)).toEqual(['RM001']);
    });

    it('gives designation asm one pair of lists per product line', async () => {
      await sql`update employees set designation = 'asm' where unique_code = 'ZSM002'`.execute(ctx.db.db);
      try {
        const body = (await (await ctx.as('zsm2')).get(TEAM_PATHS.unmappedPartners)).json<AsmLists>();
        expect(body.designation).toBe('asm');
        expect(body.motor.managers.map((m) => m.unique_code)).toEqual(['ZSM002', 'RM003']);
        expect(body.health.managers.map((m) => m.unique_code)).toEqual(['ZSM002']);
        expect(body.life.managers.map((m) => m.unique_code)).toEqual(['ZSM002']);
        expect(body.motor.partners).toHaveLength(4);
        // Life needs a life-certified (LI) partner.
        expect(body.life.partners.map((p) => p.unique_code)).toEqual(['EI000011']);
      } finally {
        await sql`update employees set designation = 'zsm' where unique_code = 'ZSM002'`.execute(ctx.db.db);
      }
    });

    it('is refused to role 204', async () => {
      const res = await (await ctx.as('r204')).get(TEAM_PATHS.unmappedPartners);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Requester View is not available to your role' });
    });
  });

  describe('POST submit_mapping', () => {
    it.each([
      [{ manager_code: 'RM003', partner_list: ['EI000011'] }, 403, 'outside your team'],
      // An unknown manager answers like another team's.
      [{ manager_code: 'RM999', partner_list: ['EI000011'] }, 403, 'Manager RM999 is outside your team'],
      [{ manager_code: 'RM001', partner_list: ['EI000011', 'EI999999'] }, 404, 'No partner EI999999'],
      [{ manager_code: 'RM001', partner_list: ['EI000005'] }, 403, 'Partner EI000005 is outside your team'],
      [{ manager_code: 'RM001', partner_list: ['EI000001'] }, 409, 'EI000001 is already mapped to rm Person (RM001)'],
      [{ manager_code: 'RM001', partner_list: [] }, 400, 'Select at least one partner'],
      [
        { manager_code: 'RM001', partner_list: Array.from({ length: MAX_MAPPING_ITEMS + 1 }, (_, i) => `EI${i}`) },
        400,
        'At most 500 partners',
      ],
      [{ manager_code: 'RM001', partner_list: ['EI000011'], is_submit: false }, 400, 'Is submit is not valid'],
      [{ manager_code: 'RM001', partner_list: ['EI000011'], product: 'life' }, 400, 'does not serve life'],
      [{ manager_code: 'RM002', partner_list: ['EI000012'], product: 'life' }, 400, 'not life certified'],
      [{ manager_code: 'bad code!', partner_list: ['EI000011'] }, 400, 'Manager code must be a code of letters, digits'],
    ])('refuses a bad request (case %#)', async (body, status, message) => {
      const res = await submit('zsm', body);
      expect(res.statusCode).toBe(status);
      expect(res.json<{ error: string }>().error).toContain(message);
      expect(await pendingOf('EI000011')).toEqual([]);
    });

    it('refuses every endpoint of the area to role 204', async () => {
      expect((await submit('r204', { manager_code: 'RM002', partner_list: ['EI000011'] })).statusCode).toBe(403);
      const r204 = await ctx.as('r204');
      expect((await r204.post(TEAM_PATHS.cancelMapping, { partner_unique_code: 'EI000011' })).statusCode).toBe(403);
      expect((await r204.get(TEAM_PATHS.teamList)).statusCode).toBe(403);
      expect((await r204.get(`${TEAM_PATHS.reporteeDetail}?unique_code=RM002&request_raised=null`)).statusCode).toBe(403);
      expect(
        (await r204.post(TEAM_PATHS.acceptMemberList, { reportee: ['EI000011'], manager: 'RM002', is_accepted: true })).statusCode,
      ).toBe(403);
      expect((await r204.get(TEAM_PATHS.analytics)).statusCode).toBe(403);
    });

    it('re-maps a team partner to another team manager for life, decided above the requester', async () => {
      const res = await submit('zsm', { manager_code: 'RM002', partner_list: ['EI000001'], product: 'life' });
      expect(res.statusCode).toBe(200);
      const code = res.json<{ request_raised: string }>().request_raised;
      // The requester cannot decide their own request.
      const own = await (
        await ctx.as('zsm')
      ).post(TEAM_PATHS.acceptMemberList, { reportee: ['EI000001'], manager: 'RM002', is_accepted: true });
      expect(own.statusCode).toBe(403);
      expect(own.json<{ error: string }>().error).toBe(`You raised ${code}; another manager must decide it`);
      const ok = await (
        await ctx.as('head')
      ).post(TEAM_PATHS.acceptMemberList, { reportee: ['EI000001'], manager: 'RM002', is_accepted: true, request_raised: code });
      expect(ok.statusCode).toBe(200);
      const spans = await ctx.db.db
        .selectFrom('partner_mappings')
        .select(['manager_id', 'reporting_type', 'valid_to'])
        .where('partner_id', '=', ctx.partners.get('EI000001') ?? 0)
        .orderBy('id')
        .execute();
      expect(spans.map((s) => [s.manager_id, s.reporting_type, s.valid_to === null])).toEqual([
        [ctx.ids.get('RM001'), 2, false],
        [ctx.ids.get('RM002'), 9, true],
      ]);
    });

    it('holds a partner in one pending request at a time, even when two requesters race', async () => {
      const [a, b] = await Promise.all([
        submit('zsm', { manager_code: 'RM001', partner_list: ['EI000014'] }),
        submit('head', { manager_code: 'RM003', partner_list: ['EI000014'] }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(await pendingOf('EI000014')).toHaveLength(1);
      const again = await submit('rm', { manager_code: 'RM001', partner_list: ['EI000014'] });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ error: string }>().error).toMatch(/^EI000014 is already waiting in request MR\d{6}$/);
    });
  });

  describe('POST cancel_mapping', () => {
    it('lets the requester withdraw a pending item, audited, and refuses a second cancel', async () => {
      const raised = await submit('rm', { manager_code: 'RM001', partner_list: ['EI000012', 'EI000013'] });
      const code = raised.json<{ request_raised: string }>().request_raised;
      const list = (await (await ctx.as('rm')).get(TEAM_PATHS.unmappedPartners)).json<Lists>();
      expect(list.partners.find((p) => p.unique_code === 'EI000012')).toMatchObject({
        pending_request: code,
        pending_manager: 'rm Person (RM001)',
        can_cancel: true,
      });
      // Another branch cannot withdraw it.
      const other = await (await ctx.as('zsm2')).post(TEAM_PATHS.cancelMapping, { partner_unique_code: 'EI000012' });
      expect(other.statusCode).toBe(403);

      const rm = await ctx.as('rm');
      const res = await rm.post(TEAM_PATHS.cancelMapping, { partner_unique_code: 'EI000012' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: `Mapping request ${code} for EI000012 cancelled`, request_raised: code });
      const audit = await ctx.db.db
        .selectFrom('audit_events')
        .select(['action', 'after'])
        .where('action', '=', 'mapping_request_cancelled')
        .execute();
      expect(audit).toHaveLength(1);
      const again = await rm.post(TEAM_PATHS.cancelMapping, { partner_unique_code: 'EI000012' });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ error: string }>().error).toBe(`The request for EI000012 (${code}) was already cancelled; nothing was changed`);
      // A manager above the requester may withdraw too.
      expect((await (await ctx.as('zsm')).post(TEAM_PATHS.cancelMapping, { partner_unique_code: 'EI000013' })).statusCode).toBe(200);
    });

    it('answers an unknown partner, one never requested and another team’s request alike (403), a bad body 400', async () => {
      const rm = await ctx.as('rm');
      for (const code of ['EI424242', 'EI000003']) {
        const res = await rm.post(TEAM_PATHS.cancelMapping, { partner_unique_code: code });
        expect(res.statusCode, code).toBe(403);
        expect(res.json<{ error: string }>().error).toBe(`${code} has no mapping request raised in your team`);
      }
      expect((await rm.post(TEAM_PATHS.cancelMapping, {})).statusCode).toBe(400);
    });
  });
});

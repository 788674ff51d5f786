import { DIALER_LOOKUPS_PER_MINUTE, TEAM_PATHS, type MappedPartner, type ReportingManager } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamTestApp } from '../../../test/team-fixtures';

describe('Mapped Partners, reporting managers and the dialer lookup', () => {
  let ctx: Awaited<ReturnType<typeof createTeamTestApp>>;
  beforeAll(async () => {
    ctx = await createTeamTestApp();
  });
  afterAll(() => ctx.close());

  const codes = (rows: MappedPartner[]) => rows.map((r) => r.unique_code).sort();

  describe('GET mapped_partners', () => {
    it('lists the partners mapped into the team today, with pos_code as the code', async () => {
      const res = await (await ctx.as('zsm')).get(`${TEAM_PATHS.mappedPartners}?return_type=pos_code`);
      expect(res.statusCode).toBe(200);
      const rows = res.json<MappedPartner[]>();
      expect(codes(rows)).toEqual(['EI000001', 'EI000002', 'EI000003', 'EI000004', 'EI000006']);
      const asha = rows.find((r) => r.unique_code === 'EI000001');
      expect(asha).toMatchObject({
        name: 'Asha Verma',
        pos_code: 'POS000001',
        code: 'POS000001',
        li_pos_status: true,
        manager_code: 'RM001',
        reporting_type: 2,
      });
      expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort());
    });

    it('answers from the mapping history as on a past day', async () => {
      const zsm = await ctx.as('zsm');
      // 15/06/2024: Farhan (EI000006) was still with RM003 and Indu (EI000013) with RM001.
      const past = await zsm.get(`${TEAM_PATHS.mappedPartners}?as_on=15/06/2024&return_type=pos_code`);
      expect(codes(past.json<MappedPartner[]>())).toEqual(['EI000001', 'EI000002', 'EI000003', 'EI000004', 'EI000013']);
      const zsm2 = await (await ctx.as('zsm2')).get(`${TEAM_PATHS.mappedPartners}?as_on=15/06/2024`);
      expect(codes(zsm2.json<MappedPartner[]>())).toEqual(['EI000005', 'EI000006']);
      // Before any mapping existed.
      const early = await zsm.get(`${TEAM_PATHS.mappedPartners}?as_on=01/01/2023`);
      expect(early.json()).toEqual([]);
    });

    it('gives unique_code as the code when asked', async () => {
      const res = await (await ctx.as('r204')).get(`${TEAM_PATHS.mappedPartners}?return_type=unique_code`);
      expect(res.json<MappedPartner[]>().map((r) => r.code)).toEqual(['EI000004']);
    });

    it('sorts, searches and pages on the server, with the total in X-Total-Count', async () => {
      const zsm = await ctx.as('zsm');
      const all = (await zsm.get(TEAM_PATHS.mappedPartners)).json<MappedPartner[]>();
      const list = async (query: string) => {
        const res = await zsm.get(`${TEAM_PATHS.mappedPartners}?${query}`);
        return { codes: res.json<MappedPartner[]>().map((r) => r.unique_code), total: res.headers['x-total-count'] };
      };
      const byPos = [...all].sort((a, b) => (a.pos_code < b.pos_code ? -1 : 1)).map((r) => r.unique_code);
      expect(await list('sort=code&order=desc')).toEqual({ codes: [...byPos].reverse(), total: '5' });
      const byName = all.map((r) => r.unique_code);
      expect(await list('sort=name&order=asc&limit=2&offset=2')).toEqual({ codes: byName.slice(2, 4), total: '5' });
      // Name, partner code or unique code; case-insensitive.
      expect(await list('search=asha%20VERMA')).toEqual({ codes: ['EI000001'], total: '1' });
      expect(await list('search=pos000002')).toEqual({ codes: ['EI000002'], total: '1' });
      expect(await list('search=ei000006')).toEqual({ codes: ['EI000006'], total: '1' });
      expect(await list('search=_')).toEqual({ codes: [], total: '0' });
      const certified = all.filter((r) => r.li_pos_status).map((r) => r.unique_code);
      expect((await list('sort=li&order=desc')).codes.slice(0, certified.length).sort()).toEqual([...certified].sort());
    });

    it.each(['as_on=2024-06-15', 'as_on=31/02/2024', 'return_type=email', 'sort=pos_code', 'order=up'])(
      'refuses %s with 400',
      async (query) => {
        const res = await (await ctx.as('zsm')).get(`${TEAM_PATHS.mappedPartners}?${query}`);
        expect(res.statusCode).toBe(400);
      },
    );
  });

  describe('GET reporting_managers', () => {
    it("lists the partner's current managers with the reporting type name", async () => {
      const res = await (await ctx.as('zsm')).get(`${TEAM_PATHS.reportingManagers}?user_id=EI000004`);
      expect(res.statusCode).toBe(200);
      expect(res.json<ReportingManager[]>()).toEqual([
        { name: 'r204 Person', unique_code: 'RM002', reporting_type: 9, reporting_name: 'Partner to Life FRM', mapped_since: '2024-03-01' },
      ]);
    });

    it('refuses another branch with 403, an unknown code with 404 and a bad code with 400', async () => {
      const zsm = await ctx.as('zsm');
      expect((await zsm.get(`${TEAM_PATHS.reportingManagers}?user_id=EI000005`)).statusCode).toBe(403);
      // An unknown code answers like another branch's.
      const unknown = await zsm.get(`${TEAM_PATHS.reportingManagers}?user_id=EI999999`);
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json()).toEqual({ error: 'Partner EI999999 is outside your team' });
      expect((await zsm.get(`${TEAM_PATHS.reportingManagers}?user_id=bad%20code`)).statusCode).toBe(400);
      expect((await zsm.get(TEAM_PATHS.reportingManagers)).statusCode).toBe(400);
    });
  });

  describe('POST reporting_check (dialer info)', () => {
    const auditRows = (action: string) =>
      ctx.db.db.selectFrom('audit_events').select(['entity_id', 'actor_user_id']).where('action', '=', action).execute();

    it('reveals the mobile number of a team partner and audits it', async () => {
      const res = await (await ctx.as('rm')).post(TEAM_PATHS.dialerInfo, { reportee: 'EI000002', is_dialer: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ mobile_number: '9876500001' });
      expect((await auditRows('mobile_number_revealed')).map((r) => r.entity_id)).toContain('EI000002');
    });

    it('refuses a partner of another branch with the not-authorized message, audited', async () => {
      const res = await (await ctx.as('rm')).post(TEAM_PATHS.dialerInfo, { reportee: 'EI000005', is_dialer: true });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'You are not authorized to access this mobile number' });
      expect((await auditRows('mobile_number_refused')).map((r) => r.entity_id)).toContain('EI000005');
    });

    it('answers an unknown partner like another team’s (403) and 400 without is_dialer', async () => {
      const rm = await ctx.as('rm');
      const unknown = await rm.post(TEAM_PATHS.dialerInfo, { reportee: 'EI777777', is_dialer: true });
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json()).toEqual({ error: 'You are not authorized to access this mobile number' });
      expect((await rm.post(TEAM_PATHS.dialerInfo, { reportee: 'EI000002' })).statusCode).toBe(400);
    });

    it('rate limits lookups per user with a clear 429', async () => {
      const head = await ctx.as('head');
      let last = await head.post(TEAM_PATHS.dialerInfo, { reportee: 'EI000001', is_dialer: true });
      for (let i = 1; i <= DIALER_LOOKUPS_PER_MINUTE && last.statusCode === 200; i++) {
        last = await head.post(TEAM_PATHS.dialerInfo, { reportee: 'EI000001', is_dialer: true });
      }
      expect(last.statusCode).toBe(429);
      expect(last.json<{ error: string }>().error).toMatch(/Too many mobile number lookups. Try again in \d+ seconds./);
      expect(last.headers['retry-after']).toBeDefined();
      // Another user is not affected.
      const other = await (await ctx.as('zsm')).post(TEAM_PATHS.dialerInfo, { reportee: 'EI000001', is_dialer: true });
      expect(other.statusCode).toBe(200);
    });
  });
});

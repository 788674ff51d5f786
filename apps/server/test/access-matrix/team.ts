import { can, TEAM_PATHS } from '@dossier/shared';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { MISSING, employeeCode, partnerCode, pendingItemFor, personFor } from './targets';
import { ownOnly, variant, type MatrixContext, type MatrixEntry, type MatrixViewer, type Relation } from './types';

// The roles the permission table keeps out of the team area and the business reports.
const lifeOnly = (v: MatrixViewer) => !can(v, 'team-area');

/** Someone in the viewer's subtree who may take partners (call-centre staff may not). */
async function mappingManager(ctx: MatrixContext, relation: Relation): Promise<string | undefined> {
  if (relation !== 'own') return employeeCode(ctx, relation);
  const row = await sql<{ code: string }>`
    select e.unique_code as code from employee_closure c join employees e on e.id = c.descendant_id
    where c.ancestor_id = ${ctx.viewer.employeeId} and e.active and e.designation not in ('trm', 'supervisor')
    order by c.depth desc, e.id limit 1`.execute(ctx.db);
  return row.rows[0]?.code;
}

/** A fresh pending request for a partner: raised by the viewer (own) or by the relation's person. */
async function cancellable(ctx: MatrixContext, relation: Relation): Promise<string | undefined> {
  if (relation === 'missing') return MISSING.partner;
  const person = personFor(ctx, relation, 'self');
  if (!person) return undefined;
  return (await ctx.fx.pendingItem(person.id, person.id)).partner.code;
}

export const TEAM_MATRIX: readonly MatrixEntry[] = [
  {
    route: `GET ${TEAM_PATHS.renewalsDue}`,
    access: 'token',
    variants: [ownOnly({ request: () => ({ method: 'GET', url: `${TEAM_PATHS.renewalsDue}?start_date=2025-12-01&end_date=2027-11-30` }) })],
  },
  {
    route: `GET ${TEAM_PATHS.mappedPartners}`,
    access: 'token',
    variants: [ownOnly({ request: () => ({ method: 'GET', url: `${TEAM_PATHS.mappedPartners}?return_type=unique_code` }) })],
  },
  {
    route: `GET ${TEAM_PATHS.reportingManagers}`,
    access: 'token',
    variants: [
      variant<string>({
        name: "a partner's reporting managers",
        target: (ctx, relation) => partnerCode(ctx, relation),
        request: (_ctx, code) => ({ method: 'GET', url: `${TEAM_PATHS.reportingManagers}?user_id=${code}` }),
      }),
    ],
  },
  {
    route: `POST ${TEAM_PATHS.dialerInfo}`,
    access: 'token',
    variants: [
      variant<string>({
        name: "a partner's mobile number",
        leaks: { phoneRevealed: true },
        target: (ctx, relation) => partnerCode(ctx, relation),
        request: (_ctx, code) => ({ method: 'POST', url: TEAM_PATHS.dialerInfo, payload: { reportee: code, is_dialer: true } }),
        check: async (ctx, res, code) => {
          const partner = await ctx.db.selectFrom('partners').select('phone').where('unique_code', '=', code).executeTakeFirstOrThrow();
          expect(res.json()).toEqual({ mobile_number: partner.phone });
        },
      }),
    ],
  },
  {
    route: `GET ${TEAM_PATHS.teamList}`,
    access: 'token',
    variants: [ownOnly({ refused: lifeOnly, request: () => ({ method: 'GET', url: TEAM_PATHS.teamList }) })],
  },
  {
    route: `GET ${TEAM_PATHS.reporteeDetail}`,
    access: 'token',
    variants: [
      variant<string>({
        name: "a manager's pending reportees",
        refused: lifeOnly,
        target: (ctx, relation) => employeeCode(ctx, relation),
        request: (_ctx, code) => ({ method: 'GET', url: `${TEAM_PATHS.reporteeDetail}?unique_code=${code}` }),
      }),
    ],
  },
  {
    route: `POST ${TEAM_PATHS.acceptMemberList}`,
    access: 'token',
    variants: [
      variant<{ manager: string; partner: string; request: string }>({
        name: 'reject a pending request item',
        refused: lifeOnly,
        target: (ctx, relation) => pendingItemFor(ctx, relation),
        request: (_ctx, t) => ({
          method: 'POST',
          url: TEAM_PATHS.acceptMemberList,
          payload: { reportee: [t.partner], manager: t.manager, is_accepted: false, request_raised: t.request },
        }),
        check: (_ctx, res) => expect(res.json<{ decided: number }>().decided).toBe(1),
      }),
    ],
  },
  {
    route: `GET ${TEAM_PATHS.unmappedPartners}`,
    access: 'token',
    variants: [ownOnly({ refused: lifeOnly, request: () => ({ method: 'GET', url: TEAM_PATHS.unmappedPartners }) })],
  },
  {
    route: `POST ${TEAM_PATHS.submitMapping}`,
    access: 'token',
    variants: [
      variant<{ manager: string; partner: string }>({
        name: 'request an unmapped partner for a manager',
        refused: lifeOnly,
        target: async (ctx, relation) => {
          const manager = await mappingManager(ctx, relation);
          return manager === undefined ? undefined : { manager, partner: (await ctx.fx.partner()).code };
        },
        request: (_ctx, t) => ({
          method: 'POST',
          url: TEAM_PATHS.submitMapping,
          payload: { manager_code: t.manager, partner_list: [t.partner], is_submit: true },
        }),
      }),
    ],
  },
  {
    route: `POST ${TEAM_PATHS.cancelMapping}`,
    access: 'token',
    variants: [
      variant<string>({
        name: "withdraw a partner's pending request",
        refused: lifeOnly,
        target: (ctx, relation) => cancellable(ctx, relation),
        request: (_ctx, code) => ({ method: 'POST', url: TEAM_PATHS.cancelMapping, payload: { partner_unique_code: code } }),
      }),
    ],
  },
  {
    route: `GET ${TEAM_PATHS.analytics}`,
    access: 'token',
    variants: [ownOnly({ refused: lifeOnly, request: () => ({ method: 'GET', url: TEAM_PATHS.analytics }) })],
  },
];

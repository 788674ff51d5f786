import { CALLCENTRE_API, can, COMMUNICATION_SERVICE_PATH, kolkataToday, PARTNER_SERVICE_API } from '@dossier/shared';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { STATUS_CALLBACK_PATH } from '../../src/platform/telephony/index';
import { recommendedPartners } from '../../src/modules/callcentre/case-queries';
import { FIXTURE_PINCODE, type FixtureCase } from './fixtures';
import { appointmentFor, caseFor, employeeCode, MISSING } from './targets';
import { bearer, LOGINS, ownOnly, variant, type MatrixContext, type MatrixEntry } from './types';

const API = CALLCENTRE_API;
const tomorrow = () => new Date(Date.parse(`${kolkataToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const SLOT_LABELS = [
  '10:00 AM - 11:00 AM',
  '11:00 AM - 12:00 PM',
  '12:00 PM - 01:00 PM',
  '01:00 PM - 02:00 PM',
  '02:00 PM - 03:00 PM',
  '03:00 PM - 04:00 PM',
  '04:00 PM - 05:00 PM',
  '05:00 PM - 06:00 PM',
  '06:00 PM - 07:00 PM',
];

/** The roles' own cases may share an advisor: each role books its own slot of the day. */
function slotOf(ctx: MatrixContext): { slot_id: number; start_end_time: string } {
  const i = LOGINS.indexOf(ctx.viewer.login);
  return { slot_id: i + 1, start_end_time: SLOT_LABELS[i] ?? '' };
}

/** The first advisor the search offers for the case (any branch: advisors are assigned by pincode). */
async function otherAdvisor(ctx: MatrixContext, kase: FixtureCase): Promise<{ code: string; name: string }> {
  const offered = await recommendedPartners(ctx.db, FIXTURE_PINCODE, kase.partner_id, 20);
  const first = offered[0];
  return first ? { code: first.unique_code, name: first.name } : { code: MISSING.partner, name: '' };
}

/** Role 204 works no call-centre screens: it may not search advisors nor reassign. */
const notReassigning = (v: { empRole: string }) => !can(v, 'case-reassignment');

const caseVariant = (
  name: string,
  path: string,
  body: (ctx: MatrixContext, c: FixtureCase & { advisor: { code: string } }) => object,
  refused?: (v: { empRole: string }) => boolean,
) =>
  variant<FixtureCase & { advisor: { code: string; name: string } }>({
    name,
    ...(refused ? { refused } : {}),
    // The reassignment answer names the advisor the case now has.
    echoes: (c) => [c.advisor.name],
    target: async (ctx, relation) => {
      const kase = await caseFor(ctx, relation);
      return kase && { ...kase, advisor: await otherAdvisor(ctx, kase) };
    },
    request: (ctx, c) => ({ method: 'POST', url: path, payload: body(ctx, c) }),
  });

const byRm = (name: string, path: (code: string) => string, own: 'self' | 'below') =>
  variant<string>({
    name,
    target: (ctx, relation) => employeeCode(ctx, relation, own),
    request: (_ctx, code) => ({ method: 'GET', url: path(code) }),
  });

export const CALLCENTRE_MATRIX: readonly MatrixEntry[] = [
  {
    route: `GET ${API}/partner-listing/:rmId/`,
    access: 'token',
    variants: [byRm("an RM's leads", (c) => `${API}/partner-listing/${c}/`, 'below')],
  },
  {
    route: `GET ${API}/partner-listing-by-rm/:rmId/`,
    access: 'token',
    variants: [byRm("an RM's partners and lead counts", (c) => `${API}/partner-listing-by-rm/${c}/`, 'below')],
  },
  {
    route: `GET ${API}/trm-case-history/:rmId/`,
    access: 'token',
    variants: [byRm("a TRM's cases", (c) => `${API}/trm-case-history/${c}/`, 'self')],
  },
  {
    route: `POST ${API}/trm-partner-customer-call-details/`,
    access: 'token',
    variants: [caseVariant('calls of a case', `${API}/trm-partner-customer-call-details/`, (_ctx, c) => ({ case_id: c.case_id }))],
  },
  {
    route: `POST ${API}/trm-call-to-connect/`,
    access: 'token',
    variants: [
      caseVariant('call the customer of a case', `${API}/trm-call-to-connect/`, (ctx, c) => ({
        is_customer: true,
        case_id: c.case_id,
        to_user_id: c.customer_id,
        trm_id: ctx.viewer.code,
      })),
      variant<FixtureCase>({
        name: 'call as someone else',
        relations: ['own'],
        refused: () => true,
        target: (ctx) => caseFor(ctx, 'own'),
        request: (_ctx, c) => ({
          method: 'POST',
          url: `${API}/trm-call-to-connect/`,
          payload: { is_customer: true, case_id: c.case_id, to_user_id: c.customer_id, trm_id: MISSING.employee },
        }),
      }),
    ],
  },
  {
    route: `POST ${API}/trm-update-status/`,
    access: 'token',
    variants: [caseVariant('close a ticket', `${API}/trm-update-status/`, (_ctx, c) => ({ case_id: c.case_id, status: 'closed' }))],
  },
  {
    route: `POST ${API}/trm-update-remarks/`,
    access: 'token',
    variants: [
      caseVariant('record an outcome', `${API}/trm-update-remarks/`, (_ctx, c) => ({
        case_id: c.case_id,
        remark: 1,
        is_connected: true,
        notes: 'matrix',
      })),
    ],
  },
  {
    route: `POST ${API}/trm-save-outcome/`,
    access: 'token',
    variants: [
      caseVariant('save a call outcome in one transaction', `${API}/trm-save-outcome/`, (_ctx, c) => ({
        case_id: c.case_id,
        remark: { remark: 1, is_connected: true, notes: 'matrix' },
      })),
    ],
  },
  {
    route: `POST ${API}/trm-assign-new-partner/`,
    access: 'token',
    variants: [
      caseVariant(
        'hand a case to an advisor the search offers',
        `${API}/trm-assign-new-partner/`,
        (_ctx, c) => ({ case_id: c.case_id, new_partner_username: c.advisor.code }),
        notReassigning,
      ),
    ],
  },
  {
    route: `POST ${PARTNER_SERVICE_API}/trm/recommended_partners/`,
    access: 'token',
    variants: [
      variant<{ code: string; caseId: number }>({
        name: 'advisors near a case, for a manager',
        refused: notReassigning,
        leaks: { anyPartner: 'advisors near the customer (name, code, pincode) to hand a case to, whatever their branch' },
        target: async (ctx, relation) => {
          const code = await employeeCode(ctx, relation, 'self');
          const own = await caseFor(ctx, 'own');
          return code && own ? { code, caseId: own.case_id } : undefined;
        },
        request: (_ctx, t) => ({
          method: 'POST',
          url: `${PARTNER_SERVICE_API}/trm/recommended_partners/`,
          payload: { pincode: FIXTURE_PINCODE, partner_ams_id: t.code, case_id: t.caseId },
        }),
      }),
      {
        ...caseVariant(
          'advisors near a case',
          `${PARTNER_SERVICE_API}/trm/recommended_partners/`,
          (ctx, c) => ({ pincode: FIXTURE_PINCODE, partner_ams_id: ctx.viewer.code, case_id: c.case_id }),
          notReassigning,
        ),
        leaks: { anyPartner: 'advisors near the customer (name, code, pincode) to hand a case to, whatever their branch' },
      },
    ],
  },
  {
    route: `GET ${API}/scheduler/slots/`,
    access: 'token',
    variants: [ownOnly({ request: () => ({ method: 'GET', url: `${API}/scheduler/slots/?partner_id=1&date=${tomorrow()}` }) })],
  },
  {
    route: `POST ${API}/scheduler/book-customer-slot/`,
    access: 'token',
    variants: [
      caseVariant('book a meeting on a case', `${API}/scheduler/book-customer-slot/`, (ctx, c) => ({
        customer_id: c.customer_id,
        partner_id: c.partner_id,
        product_code: c.product_code,
        case_id: c.case_id,
        ...slotOf(ctx),
        date: tomorrow(),
      })),
    ],
  },
  {
    route: `GET ${API}/scheduler/my-appointments/`,
    access: 'token',
    variants: [ownOnly({ request: () => ({ method: 'GET', url: `${API}/scheduler/my-appointments/` }) })],
  },
  {
    route: `POST ${API}/scheduler/cancel-appointment/`,
    access: 'token',
    variants: [
      variant<number>({
        name: 'cancel a booking',
        target: (ctx, relation) => appointmentFor(ctx, relation),
        request: (_ctx, id) => ({
          method: 'POST',
          url: `${API}/scheduler/cancel-appointment/`,
          payload: { appointment_id: id, reason: 'Other' },
        }),
      }),
    ],
  },
  {
    route: `GET ${API}/scheduler/my-cases/`,
    access: 'token',
    variants: [ownOnly({ request: () => ({ method: 'GET', url: `${API}/scheduler/my-cases/` }) })],
  },
  {
    route: `GET ${API}/recordings/:callId/`,
    access: 'public',
    why: 'opened in a new window: authenticated by its signed, expiring link from the call details',
    check: async ({ app, db, token }) => {
      const call = await sql<{ case_id: string }>`
        select c.case_id::text as case_id from calls c join cases k on k.id = c.case_id join users u on u.employee_id = k.trm_id
        where u.login = 'demo.trm' and c.recording_url like 'sim:%' order by c.id limit 1`.execute(db);
      const caseId = Number(call.rows[0]?.case_id);
      const details = await app.inject({
        method: 'POST',
        url: `${API}/trm-partner-customer-call-details/`,
        headers: bearer(token('demo.trm')),
        payload: { case_id: caseId },
      });
      const link = details
        .json<{ data: { call_details: { recording_url: string | null }[] } }>()
        .data.call_details.find((c) => c.recording_url)?.recording_url;
      if (!link) throw new Error('no recording link');
      const url = `${COMMUNICATION_SERVICE_PATH}${link}`;
      const ok = await app.inject({ method: 'GET', url });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toBe('audio/wav');
      const other = url.replace(/recordings\/(\d+)\//, (_m, id: string) => `recordings/${Number(id) + 1}/`);
      expect((await app.inject({ method: 'GET', url: other })).statusCode, 'a signature opens its own call only').toBe(403);
      expect((await app.inject({ method: 'GET', url: url.replace(/signature=[^&]+/, 'signature=forged') })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: url.replace(/\?.*$/, '') })).statusCode).toBe(400);
      return 5;
    },
  },
  {
    route: `POST ${STATUS_CALLBACK_PATH}/:secret/`,
    access: 'public',
    why: 'called by the telephony provider: authenticated by the secret in its path',
    check: async ({ app, db, callbackApp, callbackSecret }) => {
      const body = { CallSid: 'UNKNOWN-SID-0001', Status: 'completed' };
      const rows = async () =>
        Number(
          (await sql<{ n: string }>`select (select count(*) from audit_events) + (select count(*) from rate_limit_hits) as n`.execute(db))
            .rows[0]?.n,
        );
      const rowsBefore = await rows();
      const disabled = await app.inject({ method: 'POST', url: `${STATUS_CALLBACK_PATH}/${callbackSecret}/`, payload: body });
      expect(disabled.statusCode, 'no callbacks with the simulator').toBe(404);
      const wrong = await callbackApp.inject({ method: 'POST', url: `${STATUS_CALLBACK_PATH}/not-the-secret/`, payload: body });
      expect(wrong.statusCode).toBe(403);
      expect(await rows(), 'a refused anonymous request writes no row (it is counted in metrics)').toBe(rowsBefore);
      const ok = await callbackApp.inject({ method: 'POST', url: `${STATUS_CALLBACK_PATH}/${callbackSecret}/`, payload: body });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ ok: true, applied: false });
      const bad = await callbackApp.inject({
        method: 'POST',
        url: `${STATUS_CALLBACK_PATH}/${callbackSecret}/`,
        payload: { Status: 'completed' },
      });
      expect(bad.statusCode).toBe(400);
      return 4;
    },
  },
];

import { sql } from 'kysely';
import { can } from '@dossier/shared';
import { expect } from 'vitest';
import type { StoredAttachment } from '../../src/platform/mail/attachment';
import { employeeCode, partnerCode } from './targets';
import { ownOnly, variant, type MatrixContext, type MatrixEntry, type MatrixViewer } from './types';
import { xlsxText } from './xlsx-text';

/** Around the demo's anchor day, so every report has rows. */
const RANGE = { start_date: '2026-05-01', end_date: '2026-06-15' };
const DATES = `start_date=${RANGE.start_date}&end_date=${RANGE.end_date}`;
// The roles the permission table keeps to the life reports.
const lifeOnly = (v: MatrixViewer) => !can(v, 'business-reports');
/** A dashboard page (all its reports in one answer) and a team report each role may open. */
const dashboardOf = (v: MatrixViewer) => (lifeOnly(v) ? 3 : 1);
const teamReportOf = (v: MatrixViewer) => (lifeOnly(v) ? 22 : 11);
const EXECUTIVE_REPORT = 37;

/** Mailing an empty report is refused (400): call-centre staff sell nothing, so they have no own report to mail. */
async function hasBusiness(ctx: MatrixContext): Promise<boolean> {
  const row = await sql<{ n: number }>`
    select count(*)::int as n from policies p join employee_closure c on c.descendant_id = p.employee_id
    where c.ancestor_id = ${ctx.viewer.employeeId} and p.status = 'success'
      and p.issued_at >= ${RANGE.start_date}::date and p.issued_at < ${RANGE.end_date}::date`.execute(ctx.db);
  return (row.rows[0]?.n ?? 0) > 0;
}

/** The report mail just queued for the viewer: to them alone, and nothing of others in it. */
async function checkReportMail(ctx: MatrixContext): Promise<void> {
  const mail = await ctx.db
    .selectFrom('email_outbox')
    .select(['to_addresses', 'subject', 'text_body', 'attachments'])
    .where('created_by', '=', ctx.viewer.userId)
    .where('kind', '=', 'report')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(mail.to_addresses).toEqual([ctx.viewer.email]);
  ctx.scan(`${mail.subject}\n${mail.text_body}`, 'report mail');
  const attachments: StoredAttachment[] =
    typeof mail.attachments === 'string' ? (JSON.parse(mail.attachments) as StoredAttachment[]) : mail.attachments;
  for (const a of attachments) ctx.scan(await xlsxText(Buffer.from(a.content_base64, 'base64')), `report mail attachment ${a.filename}`);
}

export const REPORTS_MATRIX: readonly MatrixEntry[] = [
  {
    route: 'GET /api/reports/:id/',
    access: 'token',
    variants: [
      variant<string>({
        name: 'dashboard page drilled to an employee',
        target: (ctx, relation) => employeeCode(ctx, relation),
        request: (ctx, code) => ({ method: 'GET', url: `/api/reports/${dashboardOf(ctx.viewer)}/?${DATES}&account_id=${code}` }),
      }),
      variant<string>({
        name: 'executive report of a partner',
        target: (ctx, relation) => partnerCode(ctx, relation),
        request: (_ctx, code) => ({ method: 'GET', url: `/api/reports/${EXECUTIVE_REPORT}/?${DATES}&account_id=${code}` }),
      }),
      ownOnly({
        name: 'a non-life report (not for role 204)',
        refused: lifeOnly,
        request: () => ({ method: 'GET', url: `/api/reports/11/?${DATES}` }),
      }),
      ownOnly({
        name: "a contest board, the demo's first (not for role 204)",
        refused: lifeOnly,
        request: () => ({ method: 'GET', url: '/api/reports/32/' }),
      }),
      variant<number>({
        name: 'unknown report (no such contest either)',
        relations: ['missing'],
        target: async () => 999_999,
        request: (_ctx, id) => ({ method: 'GET', url: `/api/reports/${id}/` }),
      }),
    ],
  },
  {
    route: 'POST /api/dashboard/report_filter/:id/',
    access: 'token',
    variants: [
      variant<string>({
        name: 'team report drilled to an employee',
        target: (ctx, relation) => employeeCode(ctx, relation),
        request: (ctx, code) => ({
          method: 'POST',
          url: `/api/dashboard/report_filter/${teamReportOf(ctx.viewer)}/`,
          payload: { ...RANGE, account_id: code },
        }),
      }),
    ],
  },
  {
    route: 'POST /api/v1/reports_filter/filter_details/',
    access: 'token',
    variants: [ownOnly({ request: () => ({ method: 'POST', url: `/api/v1/reports_filter/filter_details/?${DATES}`, payload: {} }) })],
  },
  {
    route: 'GET /api/reports/:id/download/',
    access: 'token',
    variants: [
      variant<string>({
        name: 'CSV of a team report drilled to an employee',
        refused: (v) => !can(v, 'report-download'),
        ownStatuses: [200, 204],
        target: (ctx, relation) => employeeCode(ctx, relation),
        request: (ctx, code) => ({
          method: 'GET',
          url: `/api/reports/${teamReportOf(ctx.viewer)}/download/?format=csv&${DATES}&account_id=${code}`,
        }),
        check: (_ctx, res) => {
          if (res.statusCode === 200) expect(res.headers['content-type']).toMatch(/^text\/csv/);
        },
      }),
      variant<string>({
        name: 'XLSX of a partner executive report',
        refused: (v) => !can(v, 'report-download'),
        ownStatuses: [200, 204],
        target: (ctx, relation) => partnerCode(ctx, relation),
        request: (_ctx, code) => ({
          method: 'GET',
          url: `/api/reports/${EXECUTIVE_REPORT}/download/?format=xlsx&${DATES}&account_id=${code}`,
        }),
        check: async (ctx, res) => {
          if (res.statusCode === 200) ctx.scan(await xlsxText(res.rawPayload), 'xlsx download');
        },
      }),
    ],
  },
  {
    route: 'POST /api/send_report/',
    access: 'token',
    variants: [
      variant<string>({
        name: 'mail a team report drilled to an employee',
        refused: (v) => !can(v, 'report-email'),
        target: async (ctx, relation) => (relation !== 'own' || (await hasBusiness(ctx)) ? employeeCode(ctx, relation, 'self') : undefined),
        request: (ctx, code) => ({
          method: 'POST',
          url: '/api/send_report/',
          payload: { data_records: teamReportOf(ctx.viewer), ...RANGE, account_id: code },
        }),
        check: (ctx) => checkReportMail(ctx),
      }),
    ],
  },
];

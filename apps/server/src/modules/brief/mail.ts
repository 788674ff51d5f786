import {
  BRIEF_LINKS,
  BRIEF_TITLE,
  briefMonthFigures,
  briefRenewalsText,
  briefYesterdayText,
  formatRupee,
  kolkataDateTime,
  scheduleText,
  type BriefResponse,
  type SubscriptionSchedule,
} from '@dossier/shared';
import { escapeHtml } from '../../platform/html';
import type { Viewer } from '../../platform/viewer';
import type { ReportService } from '../reports/module';
import { dailyBrief } from './service';

/** The brief by mail: no attachment, the four sections in the body, links back to the portal. */
export interface BriefMail {
  subject: string;
  text: string;
  html: string;
  attachments: [];
}

const FONT = 'font:13px Arial,sans-serif';
const CELL = `border:1px solid #ccd;padding:4px 8px;${FONT}`;

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

interface Column<T> {
  header: string;
  html: (row: T) => string;
  right?: boolean;
}

function tableHtml<T>(columns: readonly Column<T>[], rows: readonly T[]): string {
  const head = columns.map((c) => `<th style="${CELL};background:#eef1f8;text-align:left">${escapeHtml(c.header)}</th>`).join('');
  const body = rows
    .map((r) => `<tr>${columns.map((c) => `<td style="${CELL};text-align:${c.right ? 'right' : 'left'}">${c.html(r)}</td>`).join('')}</tr>`)
    .join('');
  return `<table style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A section: its title, a link to the screen it comes from, then its content. */
const sectionHtml = (title: string, more: string, content: string) =>
  `<h2 style="font:bold 16px Arial,sans-serif;margin:20px 0 4px">${escapeHtml(title)}</h2>
<p style="${FONT};margin:0 0 8px">${more}</p>
${content}`;

const para = (text: string) => `<p style="${FONT}">${escapeHtml(text)}</p>`;

/**
 * The daily brief as a mail (docs/product/brief.md, 'By mail'): the page's four sections with the same
 * figures, each linking back to the portal at `portal` (PUBLIC_BASE_URL).
 */
export function composeBriefMail(input: {
  brief: BriefResponse;
  userName: string;
  at: Date;
  schedule: SubscriptionSchedule;
  portal: string;
}): BriefMail {
  const { brief, portal } = input;
  const url = (path: string) => `${portal.replace(/\/+$/, '')}${path}`;
  const month = brief.month;
  const due = brief.renewals_due;
  const figures = briefMonthFigures(month);
  const when = `This subscription: ${scheduleText(input.schedule)} (India time). Turn it off on My day, or pause or delete it under My subscriptions.`;
  const asOf = `Your day as of ${kolkataDateTime(input.at)} (India time).`;
  const slipping = brief.slipping_partners;
  const work = brief.open_work;

  const html = `<div style="font:14px Arial,sans-serif">
<p>Hello ${escapeHtml(input.userName)},</p>
<p>${escapeHtml(asOf)} ${link(url(BRIEF_LINKS.brief), 'Open My day')} to call a partner or act on a renewal.</p>
${sectionHtml(
  'The month',
  link(url(BRIEF_LINKS.month), 'Team report summary'),
  `${tableHtml(
    figures.map((f) => ({ header: f.label, html: () => escapeHtml(f.value), right: true })),
    [month],
  )}${para(briefYesterdayText(month))}`,
)}
${sectionHtml(
  'Slipping partners',
  `Sold in each of the last three full months, nothing in the last 15 days. ${link(url(BRIEF_LINKS.slipping), 'Product wise last activation date')}`,
  slipping.length === 0
    ? para('No partner is slipping.')
    : tableHtml(
        [
          { header: 'Partner', html: (p) => link(url(BRIEF_LINKS.partner(p.partner_code)), `${p.partner_name} (${p.partner_code})`) },
          { header: 'RM', html: (p) => escapeHtml(`${p.rm_name} (${p.rm_code})`) },
          { header: 'Last sale', html: (p) => p.last_sale },
          { header: '3-month premium', html: (p) => escapeHtml(formatRupee(p.three_month_premium)), right: true },
        ],
        slipping,
      ),
)}
${sectionHtml(
  'Renewals due in 7 days',
  link(url(BRIEF_LINKS.renewals(due.start_date, due.end_date)), 'Renewal dues'),
  `${para(briefRenewalsText(due))}${
    due.top.length === 0
      ? ''
      : tableHtml(
          [
            { header: 'Policy No', html: (r) => escapeHtml(r.policy_no) },
            { header: 'Customer', html: (r) => escapeHtml(r.customer) },
            { header: 'Expiry Date', html: (r) => r.expiry_date },
            { header: 'Premium', html: (r) => escapeHtml(formatRupee(r.premium)), right: true },
          ],
          due.top,
        )
  }`,
)}
${sectionHtml(
  'Open work',
  link(url(BRIEF_LINKS.openWork), 'RM Dashboard'),
  work.length === 0
    ? para('No open leads or cases.')
    : tableHtml(
        [
          { header: 'Since', html: (w) => w.case_date },
          { header: 'Case', html: (w) => link(url(BRIEF_LINKS.workItem(w.kind)), w.case_code ?? String(w.case_id)) },
          { header: 'Customer', html: (w) => escapeHtml(w.customer) },
          { header: 'Kind', html: (w) => (w.kind === 'lead' ? 'Lead' : 'Case') },
          { header: 'TRM', html: (w) => escapeHtml(w.trm_code ?? '-') },
        ],
        work,
      ),
)}
<p style="color:#555;margin-top:20px">${escapeHtml(when)}</p>
</div>`;

  const lines = [
    `Hello ${input.userName},`,
    '',
    `${asOf} Open My day: ${url(BRIEF_LINKS.brief)}`,
    '',
    'The month',
    ...figures.map((f) => `${f.label}: ${f.value}`),
    briefYesterdayText(month),
    `Team report summary: ${url(BRIEF_LINKS.month)}`,
    '',
    'Slipping partners',
    ...(slipping.length === 0
      ? ['No partner is slipping.']
      : slipping.map(
          (p) =>
            `- ${p.partner_name} (${p.partner_code}), RM ${p.rm_name} (${p.rm_code}), last sale ${p.last_sale}, ${formatRupee(p.three_month_premium)}: ${url(BRIEF_LINKS.partner(p.partner_code))}`,
        )),
    '',
    'Renewals due in 7 days',
    briefRenewalsText(due),
    ...due.top.map((r) => `- ${r.policy_no}, ${r.customer}, expires ${r.expiry_date}, ${formatRupee(r.premium)}`),
    `Renewal dues: ${url(BRIEF_LINKS.renewals(due.start_date, due.end_date))}`,
    '',
    'Open work',
    ...(work.length === 0
      ? ['No open leads or cases.']
      : work.map(
          (w) =>
            `- ${w.case_date} ${w.kind === 'lead' ? 'Lead' : 'Case'} ${w.case_code ?? w.case_id}, ${w.customer}: ${url(BRIEF_LINKS.workItem(w.kind))}`,
        )),
    '',
    when,
    '',
    'Dossier',
  ];
  return { subject: `${BRIEF_TITLE} (${month.today})`, text: lines.join('\n'), html, attachments: [] };
}

/**
 * The subscriber's brief as it is now (their subtree at send time, today's business date, as GET /api/brief/
 * answers it), as a mail.
 */
export async function briefMail(
  reports: ReportService,
  viewer: Viewer,
  input: { at: Date; schedule: SubscriptionSchedule; portal: string },
): Promise<BriefMail> {
  const brief = await dailyBrief(reports.database(), viewer, reports.businessDay());
  return composeBriefMail({ brief, userName: viewer.name, ...input });
}

import { kolkataDateTime, reportCellText, scheduleText, toDayMonthYear, type SubscriptionSchedule } from '@dossier/shared';
import type { Row } from '../../platform/files/escape';
import { escapeHtml } from '../../platform/html';
import { periodStatement, type ExportColumn } from '../reports/module';
import { XLSX_CONTENT_TYPE, type MailAttachment } from '../../platform/mail/outbox';

/** Rows of each table the mail's body shows; the attached file has them all. */
export const MAIL_BODY_ROWS = 50;

/** One report of the mail: its rows in the body (the first MAIL_BODY_ROWS), the whole as an XLSX. */
export interface MailTable {
  name: string;
  /** The days its figures cover, and what its growth compares with (none without growth columns). */
  start: string;
  end: string;
  comparison: { start: string; end: string } | null;
  account: { code: string; name: string };
  /** The table's columns (key, header, kind), as in its file. */
  columns: readonly ExportColumn[];
  head: readonly Row[];
  count: number;
  file: { fileName: string; content: Buffer } | null;
}

const CELL = 'border:1px solid #ccd;padding:4px 8px;font:13px Arial,sans-serif';

function tableHtml(t: MailTable): string {
  const title = `<h2 style="font:bold 16px Arial,sans-serif;margin:20px 0 4px">${escapeHtml(t.name)}</h2>`;
  const sub = `<p style="font:13px Arial,sans-serif;margin:0 0 8px;color:#555">${escapeHtml(t.account.name)} (${escapeHtml(t.account.code)}). ${periodStatement(t)}</p>`;
  if (t.count === 0) return `${title}${sub}<p style="font:13px Arial,sans-serif">No Data Found !!</p>`;
  const header = t.columns.map((c) => `<th style="${CELL};background:#eef1f8;text-align:left">${escapeHtml(c.header)}</th>`).join('');
  const rows = t.head
    .map((r) => {
      const cells = t.columns.map((c) => {
        const align = typeof r[c.key] === 'number' || c.kind === 'currency' ? 'right' : 'left';
        return `<td style="${CELL};text-align:${align}">${escapeHtml(reportCellText(c.kind, r[c.key]))}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('');
  const more =
    t.count > t.head.length
      ? `<p style="font:13px Arial,sans-serif">… and ${t.count - t.head.length} more rows in the attached file.</p>`
      : '';
  return `${title}${sub}<table style="border-collapse:collapse"><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table>${more}`;
}

export interface SubscriptionMail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

/** The scheduled mail (docs/product/subscriptions.md, 'The mail'): each table in the body, each file attached. */
export function subscriptionMail(input: {
  title: string;
  userName: string;
  schedule: SubscriptionSchedule;
  at: Date;
  tables: readonly MailTable[];
  /** The subscribed report or dashboard on the portal, with the subscription's filters. */
  link: string;
}): SubscriptionMail {
  const first = input.tables[0];
  const period = first ? ` (${toDayMonthYear(first.start)} to ${toDayMonthYear(first.end)})` : '';
  const when = `This subscription: ${scheduleText(input.schedule)} (India time). Manage it under My subscriptions.`;
  const lines = input.tables.map(
    (t) =>
      `- ${t.name} for ${t.account.name} (${t.account.code}): ${t.count === 0 ? 'No Data Found !!' : `${t.count} rows`}. ${periodStatement(t)}`,
  );
  const text = `Hello ${input.userName},\n\nYour scheduled report as of ${kolkataDateTime(input.at)}:\n${lines.join('\n')}\n\nOpen it on Dossier: ${input.link}\n\n${when}\n\nDossier`;
  const html = `<div style="font:14px Arial,sans-serif">
<p>Hello ${escapeHtml(input.userName)},</p>
<p>Your scheduled report as of ${kolkataDateTime(input.at)}.</p>
${input.tables.map(tableHtml).join('\n')}
<p style="margin-top:20px"><a href="${escapeHtml(input.link)}">Open it on Dossier</a></p>
<p style="color:#555;margin-top:20px">${escapeHtml(when)}</p>
</div>`;
  return {
    subject: `${input.title}${period}`,
    text,
    html,
    attachments: input.tables.flatMap((t) =>
      t.file ? [{ filename: t.file.fileName, contentType: XLSX_CONTENT_TYPE, content: t.file.content }] : [],
    ),
  };
}

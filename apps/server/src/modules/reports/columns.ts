import type { ReportColumnDef, ReportColumnKind } from '@dossier/shared';

/** Column keys shared by several reports; the key is also the title unless a definition says otherwise. */
export const COL = {
  userId: 'User Id',
  name: 'Name',
  nop: 'Policies count',
  premium: 'Total Premium',
  wp: 'Weightage Premium',
  premiumGrowth: 'Premium Growth %',
  nopGrowth: 'Policies count growth',
  loan: 'Total Loan Amount',
  product: 'Product',
  insurer: 'Insurer',
  accountId: 'account_id',
} as const;

// Links and buttons have no order of their own.
const UNSORTABLE: readonly ReportColumnKind[] = ['link', 'pay', 'sales-view'];

/** A column definition (docs/product/report-screens.md, 'Report table'): the title defaults to the key, links and buttons do not sort. */
export function column(
  key: string,
  kind: ReportColumnKind,
  options: { title?: string; hidden?: boolean; sortable?: boolean; pinned?: boolean } = {},
): ReportColumnDef {
  return {
    key,
    title: options.title ?? key,
    kind,
    hidden: options.hidden ?? false,
    sortable: options.sortable ?? !UNSORTABLE.includes(kind),
    pinned: options.pinned ?? false,
  };
}

/** The code and name that head a row of people or partners; the dropdown filter keeps both. */
export const USER_ID_COLUMN = column(COL.userId, 'text', { pinned: true });
export const NAME_COLUMN = column(COL.name, 'text', { pinned: true });

export const NOP_COLUMN = column(COL.nop, 'count');
export const PREMIUM_COLUMN = column(COL.premium, 'currency');
export const WP_COLUMN = column(COL.wp, 'currency');
export const LOAN_COLUMN = column(COL.loan, 'currency');
/** Growth against the comparison period: premium with an arrow, policies with a marker. */
export const GROWTH_COLUMNS = [column(COL.premiumGrowth, 'growth-arrow'), column(COL.nopGrowth, 'growth-marker')];

/** The same columns with other titles (the Pending summary shows Premium, WP and NOP). */
export function retitled(columns: readonly ReportColumnDef[], titles: Readonly<Record<string, string>>): ReportColumnDef[] {
  return columns.map((c) => ({ ...c, title: titles[c.key] ?? c.title }));
}

/** The keys of the columns, in order (`data.data.columns`). */
export const columnKeys = (columns: readonly ReportColumnDef[]): string[] => columns.map((c) => c.key);

/** The columns a person sees: in the table, its chart, the downloaded and the mailed file. */
export const shownColumns = (columns: readonly ReportColumnDef[]): ReportColumnDef[] => columns.filter((c) => !c.hidden);

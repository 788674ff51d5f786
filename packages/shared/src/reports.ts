import { z } from 'zod';
import { formatRupee } from './format';
import { IsoDate, SearchText, SortOrder, pathSegment } from './primitives';

/**
 * Reports and dashboards (docs/product/report-screens.md). A path with a parameter is a function of it: the
 * server registers it with `':id'`, the web app passes the report's id.
 */
export const REPORT_PATHS = {
  report: (id: number | string) => `/api/reports/${pathSegment(id)}/`,
  download: (id: number | string) => `/api/reports/${pathSegment(id)}/download/`,
  reportFilter: (id: number | string) => `/api/dashboard/report_filter/${pathSegment(id)}/`,
  filterDetails: '/api/v1/reports_filter/filter_details/',
  sendReport: '/api/send_report/',
} as const;

/**
 * A contest's board is the report whose id is the contest's (docs/product/reports-catalogue.md, 'Contests'):
 * contests take ids from here on, clear of the catalogue's own; the demo's three keep 32–34.
 */
export const FIRST_CONTEST_ID = 1001;

export const Cell = z.union([z.string(), z.number(), z.null()]);
export type Cell = z.infer<typeof Cell>;
export type ReportRecord = Record<string, Cell>;

/** Page sizes of a server-paged report table (the table's own page-size options). */
export const REPORT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const ReportPaging = z.object({
  page: z.number().int().min(1),
  page_size: z.number().int(),
  total_rows: z.number().int().min(0),
  total_pages: z.number().int().min(0),
  /** The columns the server sorts by (`sort`): the sortable column definitions. */
  sortable: z.array(z.string()),
});
export type ReportPaging = z.infer<typeof ReportPaging>;

/**
 * How a report column shows (docs/product/report-screens.md, 'Report table'): numbers, rupees, growth with a
 * coloured marker, a link opened in a new tab, the payment button or the sales-promotion link.
 */
export const ReportColumnKind = z.enum([
  'text',
  'count',
  'currency',
  'percent',
  'growth-arrow',
  'growth-marker',
  'link',
  'pay',
  'sales-view',
]);
export type ReportColumnKind = z.infer<typeof ReportColumnKind>;

/** One column of a report as the catalogue defines it: the table, its chart, the downloaded and the mailed file all read it. */
export const ReportColumnDef = z.object({
  /** The key in the records (and in `data.data.columns`). */
  key: z.string(),
  /** The header shown, in the table and in files. */
  title: z.string(),
  kind: ReportColumnKind,
  /** Carried for drills and internal use; never shown, charted, downloaded or mailed. */
  hidden: z.boolean(),
  /** The table may sort by it (server-paged reports: the server sorts by it). */
  sortable: z.boolean(),
  /** Names the row: the dropdown column filter always keeps it, first. */
  pinned: z.boolean(),
});
export type ReportColumnDef = z.infer<typeof ReportColumnDef>;

/**
 * The per-row actions a report offers (docs/product/renewals.md, 'Renewal row actions'): the renewal notice
 * document, the renewal link over a messaging app, the notice email and the partner's mobile number.
 */
export const RowAction = z.enum(['renewal-notice', 'renewal-link', 'notice-email', 'mobile']);
export type RowAction = z.infer<typeof RowAction>;

/**
 * Where a page's 'Renewal dues' link leads: the renewal dues report for the page's account, or only when that
 * account is a partner (the executive report).
 */
export const RenewalDuesLink = z.object({ report_id: z.number().int(), partners_only: z.boolean() });
export type RenewalDuesLink = z.infer<typeof RenewalDuesLink>;

/** What a page of report tables shows beside them (a dashboard's page, or a report's page of one table). */
export const PagePresentation = z.object({
  /** The 'Renewal dues' link in the page's actions; null: none. */
  renewal_dues: RenewalDuesLink.nullable(),
  /** The month picker starts again from the current month on every visit (docs/product/report-screens.md, 'Month picker'). */
  month_reset: z.boolean(),
});
export type PagePresentation = z.infer<typeof PagePresentation>;

/**
 * How a report's table shows, from its catalogue entry: paginator, breadcrumbs, chart column, column filter
 * label, row actions, and what its page shows when opened alone.
 */
export const ReportPresentation = z.object({
  paginated: z.boolean(),
  breadcrumbs: z.boolean(),
  chart: z.string().nullable(),
  dropdown_filter: z.string().nullable(),
  /** The actions column, in this order; empty: none. */
  row_actions: z.array(RowAction),
  /**
   * Rows per page the report screen opens a server-paged report at (the policy lists: the table's own page
   * size); null: the answer's default. The screen asks with `screen`, the server applies it.
   */
  screen_page_size: z.number().int().nullable(),
  /** The report's page when it is opened alone. */
  page: PagePresentation,
});
export type ReportPresentation = z.infer<typeof ReportPresentation>;

/** The report response (docs/product/reports-catalogue.md; the original product's fields), plus our id, date echo, width, footnote and data freshness. */
export const ReportResponse = z.object({
  /** One table; a dashboard id answers `kind: 'page'` (ReportPage). */
  kind: z.literal('report'),
  report_id: z.number().int(),
  report_name: z.string(),
  dashboard_name: z.string(),
  viz_type: z.enum(['tabular', 'pivot_table']),
  date_mode: z.enum(['range', 'month']),
  email_report: z.boolean(),
  download_report: z.boolean(),
  user_email_report_access: z.boolean(),
  user_download_report_access: z.boolean(),
  business_type_filter: z.boolean(),
  insurer_filter: z.boolean(),
  state_filter: z.boolean(),
  product_filter: z.boolean(),
  meta: z.object({
    drillable: z.boolean(),
    executive_report_id: z.number().int().nullable(),
    next_report_id: z.number().int().nullable(),
  }),
  data: z.object({
    data: z.object({
      columns: z.array(z.string()),
      records: z.array(z.record(z.string(), Cell)),
      /** The columns' definitions, in `columns` order. */
      column_defs: z.array(ReportColumnDef),
    }),
  }),
  footnote: z.string().nullable(),
  /** Bootstrap-like width out of 12 (6 = half width). */
  layout_width: z.union([z.literal(6), z.literal(12)]),
  presentation: ReportPresentation,
  start_date: z.string(),
  end_date: z.string(),
  /**
   * The period growth columns compare with: the previous period, and while the range is still running only
   * as many of its days as have passed ('vs 1–23 Oct').
   */
  comparison: z.object({ start_date: z.string(), end_date: z.string() }),
  /** The account the figures are for (the drilled account, or the viewer). */
  account: z.object({ account_id: z.string(), user_name: z.string() }),
  /** When the roll-ups were last refreshed (null for reports read straight from source tables). */
  as_of: z.string().nullable(),
  /** Set on reports that list source rows (policies): `records` is this page of them, paged on the server. */
  paging: ReportPaging.optional(),
});
export type ReportResponse = z.infer<typeof ReportResponse>;

export const ReportPage = z.object({
  kind: z.literal('page'),
  dashboard_name: z.string(),
  reports: z.array(ReportResponse),
  /** From the dashboard's catalogue entry. */
  presentation: PagePresentation,
});
export type ReportPage = z.infer<typeof ReportPage>;

export const ReportOrPage = z.discriminatedUnion('kind', [ReportResponse, ReportPage]);
export type ReportOrPage = z.infer<typeof ReportOrPage>;

const MAX_LIST = 100;

/** '9,10' → [9, 10]; rejects anything that is not a comma-separated list of small positive integers. */
const intList = (label: string) =>
  z
    .string()
    .max(1000)
    .transform((s, ctx) => {
      const parts = s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      if (parts.length > MAX_LIST) {
        ctx.addIssue({ code: 'custom', message: `${label}: at most ${MAX_LIST} values` });
        return z.NEVER;
      }
      const nums = parts.map(Number);
      if (nums.some((n) => !Number.isInteger(n) || n <= 0 || n > 10_000)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a comma-separated list of ids` });
        return z.NEVER;
      }
      return nums;
    });

const nameList = (label: string) =>
  z
    .string()
    .max(5000)
    .transform((s, ctx) => {
      const parts = s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      if (parts.length > MAX_LIST || parts.some((p) => p.length > 100)) {
        ctx.addIssue({ code: 'custom', message: `${label}: at most ${MAX_LIST} names of up to 100 characters` });
        return z.NEVER;
      }
      return parts;
    });

const accountId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be an account code');

/**
 * The values of a report's filter set, whichever call carries them: the report's address (as comma-separated
 * lists), the report-filter and send-report bodies and the filter-details body all check them with these.
 */
const ProductIds = z.array(z.number().int().positive().max(10_000)).max(MAX_LIST);
const FilterNames = z.array(z.string().trim().min(1).max(100)).max(MAX_LIST);
export const BUSINESS_TYPE_RULE = 'Business type must be 1 (New Business), 2 (Rollover) or 3 (Renewal)';
const BusinessTypes = z.array(z.number().int().min(1, BUSINESS_TYPE_RULE).max(3, BUSINESS_TYPE_RULE)).max(3, BUSINESS_TYPE_RULE);

/** Query parameters of GET /api/reports/{id}/ and its download. */
export const ReportQuery = z.object({
  start_date: IsoDate.optional(),
  end_date: IsoDate.optional(),
  product_type_id: intList('product_type_id').pipe(ProductIds).optional(),
  insurers: nameList('insurers').pipe(FilterNames).optional(),
  states: nameList('states').pipe(FilterNames).optional(),
  business_type: intList('business_type').pipe(BusinessTypes).optional(),
  account_id: accountId.optional(),
  /** Page of a server-paged report (policy lists), from 1; other reports ignore it. */
  page: z.coerce.number().int().min(1, 'page starts at 1').max(1_000_000).optional(),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n), `must be one of ${REPORT_PAGE_SIZES.join(', ')}`)
    .optional(),
  /** Sort of a server-paged report: one of its column names (other reports sort in the browser). */
  sort: z.string().trim().min(1).max(60).optional(),
  order: SortOrder.optional(),
  /** Search of a server-paged report: rows with the text in any searchable column (case-insensitive). */
  search: SearchText.optional(),
  /**
   * Asked by the report screen: without `page_size`, a server-paged report answers the page size its
   * catalogue entry opens the screen at (`presentation.screen_page_size`) instead of the general default.
   */
  screen: z.stringbool().optional(),
});
export type ReportQueryInput = z.input<typeof ReportQuery>;
/** A report query as the server reads it, and as the web builds it before `reportQueryParams` writes it. */
export type ReportQuery = z.output<typeof ReportQuery>;

/** A report query's address parameters, one per field that is set. */
export type ReportQueryParams = { [K in keyof ReportQuery]?: string };

/**
 * The one writer of a report query into the address (GET /api/reports/{id}/ and its download): lists
 * comma-joined, empty lists and absent fields left out. `ReportQuery` reads it back to the same value.
 */
export function reportQueryParams(query: ReportQuery): ReportQueryParams {
  const out: ReportQueryParams = {};
  for (const key of Object.keys(query) as (keyof ReportQuery)[]) {
    const value = query[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[key] = value.join(',');
    } else out[key] = String(value);
  }
  return out;
}

/** The download carries the table's search (its rows only); every page, in the report's own order. */
export const ReportDownloadQuery = ReportQuery.omit({ page: true, page_size: true, sort: true, order: true, screen: true }).extend({
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});

/**
 * Body of POST /api/dashboard/report_filter/{id}/: a report's filter set as JSON. GET /api/reports/{id}/
 * carries the same set as comma-separated lists (ReportQuery); the server reads both into one shape.
 */
export const ReportFilterBody = z.object({
  start_date: IsoDate.optional(),
  end_date: IsoDate.optional(),
  /** The drilled account; absent or null = the viewer. */
  account_id: accountId.optional().nullable(),
  product_type_id: ProductIds.optional(),
  insurer: FilterNames.optional(),
  state: FilterNames.optional(),
  business_type: BusinessTypes.optional(),
});
export type ReportFilterBody = z.infer<typeof ReportFilterBody>;

/** Body of POST /api/v1/reports_filter/filter_details/. */
export const FilterDetailsBody = z.object({
  product_type_id: ProductIds.optional(),
  include: z
    .array(z.enum(['insurer', 'state']))
    .max(2)
    .optional(),
  /** The report the options are for: renewal dues take them from the policies renewing in the range. */
  report_id: z.number().int().positive().max(1_000_000).optional(),
});
export const FilterDetailsQuery = ReportFilterBody.pick({ start_date: true, end_date: true });
export const FilterOption = z.object({ name: z.string(), isSelected: z.boolean() });
export const FilterDetailsResponse = z.object({ insurer: z.array(FilterOption), state: z.array(FilterOption) });
export type FilterDetailsResponse = z.infer<typeof FilterDetailsResponse>;

/** POST /api/send_report/ (docs/product/report-screens.md, 'Report email'): data_records is the report id to mail, with its filter set. */
export const SendReportBody = ReportFilterBody.extend({
  data_records: z.union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^\d{1,6}$/)
      .transform(Number),
  ]),
});
export const SendReportResponse = z.object({ message: z.string() });

export const REPORT_MAIL_MESSAGE = 'Report will be sent on your email shortly';

const numberFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** What a growth measures: rupees (premium) or a count (policies). */
export type GrowthUnit = 'rupees' | 'count';

/** The word a growth cell starts with when the comparison period had nothing: no percent, the absolute change follows. */
export const GROWTH_NEW = 'New';

/** Growth from nothing: 'New (+₹20.00 k)', 'New (+3)' — the change itself, as a percent of zero means nothing. */
export function growthFromNothing(change: number, unit: GrowthUnit): string {
  const amount = unit === 'rupees' ? formatRupee(Math.abs(change)) : numberFormat.format(Math.abs(change));
  return `${GROWTH_NEW} (${change < 0 ? '−' : '+'}${amount})`;
}

/** True for a growth cell from nothing (growthFromNothing). */
export const isNewGrowth = (cell: Cell | undefined): cell is string => typeof cell === 'string' && cell.startsWith(`${GROWTH_NEW} (`);

/** A report cell as text, by its column's kind: in the table, its search and the mailed summaries. */
export function reportCellText(kind: ReportColumnKind, cell: Cell | undefined): string {
  if (cell === undefined || cell === null || cell === '') return '-';
  if (kind === 'currency') return formatRupee(cell);
  if (isNewGrowth(cell)) return cell;
  // Both growth columns are percentages of the comparison period.
  if (kind === 'growth-arrow' || kind === 'growth-marker') return `${cell}%`;
  if (typeof cell === 'number') return numberFormat.format(cell);
  return cell;
}

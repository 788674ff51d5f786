import {
  PAGE_SIZE,
  type ReportColumnDef,
  type ReportPaging,
  type ReportPresentation,
  type ReportRecord,
  type RowAction,
} from '@dossier/shared';
import { COL, retitled } from './columns';
import type { Account, DateRange, QueryContext } from './context';
import {
  ACTIVATION_GROUP_COLUMNS,
  ACTIVATION_TOTAL_COLUMNS,
  activationByGroup,
  activationTotals,
  LAST_ACTIVATION_COLUMNS,
  lastActivationBatches,
  lastActivationPivot,
} from './families/activation';
import {
  breakdownColumns,
  breakdownReport,
  BUSINESS_TYPE_KEYS,
  CHANNEL_KEYS,
  DIRECT_COLUMNS,
  directBusinessReport,
  KEY,
  LIFE_CHANNEL_COLUMNS,
  lifeChannelReport,
  PRODUCT_KEYS,
  STATUS_KEYS,
  type BreakdownSpec,
} from './families/breakdown';
import { contestBatches, contestReport } from './families/contest';
import {
  FUNNEL_COLUMNS,
  funnelReport,
  RECRUITMENT_COLUMNS,
  recruitmentReport,
  TEAM_FUNNEL_COLUMNS,
  teamFunnelReport,
} from './families/onboarding';
import { performanceReport } from './families/performance';
import { insurerPivot } from './families/pivot';
import {
  EXECUTIVE_COLUMNS,
  executiveBatches,
  executiveReport,
  RENEWAL_COLUMNS,
  renewalDuesBatches,
  renewalDuesReport,
} from './families/policies';
import { teamColumns, teamReport, type TeamMeasure } from './families/team';
import { isCurrentMonth, reporteeTargets, RUN_RATE_COLUMNS, runRateCells } from './run-rate-columns';

export interface ReportResult {
  /** The report's columns, hidden ones included, in order: the table, its chart and the files read them. */
  columns: ReportColumnDef[];
  records: ReportRecord[];
  /** Set when the report fixes its own window (contests). */
  range?: DateRange;
  /** Set by server-paged reports (policy lists): `records` is this page. */
  paging?: ReportPaging;
}

/** A report's rows for a download or a mail, read in batches. */
export interface ReportBatches {
  columns: ReportColumnDef[];
  batches: Iterable<ReportRecord[]> | AsyncIterable<ReportRecord[]>;
  /** Set when the report fixes its own window (contests), as `ReportResult.range`. */
  range?: DateRange;
}

/** What a report's presentation may depend on beyond its data. */
export interface ReportFacts {
  /** How often the roll-ups are refreshed (ETL_INTERVAL_SECONDS). */
  etlIntervalSeconds: number;
}

/** 'every 5 minutes', 'every minute', 'every 2 hours', 'every 90 seconds'. */
export function everyInterval(seconds: number): string {
  const unit = (n: number, one: string) => (n === 1 ? `every ${one}` : `every ${n} ${one}s`);
  if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}

const refreshedEvery = ({ etlIntervalSeconds }: ReportFacts) => `Data is refreshed ${everyInterval(etlIntervalSeconds)}`;

export interface ReportDef {
  id: number;
  name: string;
  dashboardId: number | null;
  viz: 'tabular' | 'pivot_table';
  dateMode: 'range' | 'month';
  /** Default range when no dates are given: 0 = this month; n > 0 = the n days up to today; n < 0 = the |n| days from today. */
  dateOffsetDays: number;
  drillable: boolean;
  nextReportId: number | null;
  executiveReportId: number | null;
  email: boolean;
  download: boolean;
  filters: { insurer: boolean; state: boolean; businessType: boolean; product: boolean };
  /** The note under the table, from what the server knows of itself (the roll-ups' refresh interval). */
  footnote: ((facts: ReportFacts) => string) | null;
  width: 6 | 12;
  /**
   * How the table shows (docs/product/report-screens.md, 'Configuration lists'), sent as it is. `chart` names
   * the column the bar chart draws; `true` takes the first currency (else count) column, `false` draws none.
   */
  presentation: Omit<ReportPresentation, 'chart'> & { chart: boolean | string };
  /** 'rollup' reads the ETL roll-ups (cacheable, shows as-of); 'source' reads live tables. */
  source: 'rollup' | 'source';
  /** Which kind of account the report is about. */
  account: Account['kind'] | 'any';
  /** The longest range the report accepts, in days (others: the general limit of 3 years). */
  maxRangeDays?: number;
  run(ctx: QueryContext): Promise<ReportResult>;
  /**
   * The rows of `run`, in order, read in batches: set on reports whose rows grow with the business (policy
   * lists), so downloads and mails never hold them all.
   */
  batches?(ctx: QueryContext, batchSize: number): Promise<ReportBatches>;
}

const ALL_FILTERS = { insurer: true, state: true, businessType: true, product: true };
const NO_FILTERS = { insurer: false, state: false, businessType: false, product: false };
const PRODUCT_ONLY = { ...NO_FILTERS, product: true };
/** The renewal dues report: its id is the 'Renewal dues' link's target. */
const RENEWAL_DUES_REPORT_ID = 38;
export const EXECUTIVE_REPORT_ID = 37;
/** The 'Renewal dues' link of a page about a team (the account's whole subtree). */
export const TEAM_RENEWAL_DUES = { report_id: RENEWAL_DUES_REPORT_ID, partners_only: false };
/** How a table shows unless its entry says otherwise. */
export const SHOWN: ReportDef['presentation'] = {
  paginated: true,
  breadcrumbs: true,
  chart: true,
  dropdown_filter: null,
  row_actions: [],
  screen_page_size: null,
  page: { renewal_dues: null, month_reset: false },
};
const UNPAGED = { presentation: { ...SHOWN, paginated: false } };
/** A list of policies: paged on the server, opened at the table's page size, no chart. */
const POLICY_LIST: ReportDef['presentation'] = { ...SHOWN, chart: false, screen_page_size: PAGE_SIZE };
/** Every action on a policy due for renewal (docs/product/renewals.md, 'Renewal row actions'). */
const RENEWAL_ACTIONS: RowAction[] = ['renewal-notice', 'renewal-link', 'notice-email', 'mobile'];
const dropdown = (label: string) => ({ presentation: { ...SHOWN, dropdown_filter: label } });

type Base = Omit<ReportDef, 'run'>;
const base = (over: Partial<Base> & Pick<Base, 'id' | 'name' | 'dashboardId'>): Base => ({
  viz: 'tabular',
  dateMode: 'range',
  dateOffsetDays: 0,
  drillable: false,
  nextReportId: null,
  executiveReportId: null,
  email: true,
  download: true,
  filters: ALL_FILTERS,
  footnote: null,
  width: 12,
  presentation: SHOWN,
  source: 'rollup',
  account: 'employee',
  ...over,
});

/** A team roll-up report that drills into itself and ends at the executive report. */
function team(
  id: number,
  name: string,
  dashboardId: number,
  measures: TeamMeasure[],
  scope: Parameters<typeof teamReport>[1],
  over: Partial<Base> = {},
  {
    withGrowth = false,
    titles = {},
    withRunRate = false,
  }: { withGrowth?: boolean; titles?: Record<string, string>; withRunRate?: boolean } = {},
): ReportDef {
  const columns = retitled(teamColumns(measures, withGrowth), titles);
  return {
    ...base({ id, name, dashboardId, drillable: true, nextReportId: id, executiveReportId: EXECUTIVE_REPORT_ID, ...over }),
    run: async (ctx) => {
      const records = await teamReport(ctx, scope, measures, withGrowth);
      // Where the month will land: only while it runs (a closed month has no projection column at all).
      if (!withRunRate || !isCurrentMonth(ctx.range, ctx.today)) return { columns, records };
      const targets = await reporteeTargets(ctx);
      const targetOf = (code: ReportRecord[string] | undefined) => (typeof code === 'string' ? (targets.get(code) ?? null) : null);
      return {
        columns: [...columns, ...RUN_RATE_COLUMNS],
        records: records.map((r) => ({ ...r, ...runRateCells(Number(r[COL.premium]), targetOf(r[COL.accountId]), ctx.today) })),
      };
    },
  };
}

/** A report of one row per category (business type, product, channel, status) with a total row. */
export function breakdown(id: number, name: string, dashboardId: number, spec: BreakdownSpec, over: Partial<Base> = {}): ReportDef {
  return {
    ...base({ id, name, dashboardId, ...over }),
    run: async (ctx) => ({ columns: breakdownColumns(spec), records: await breakdownReport(ctx, spec) }),
  };
}

/** The Contests dashboard: a menu group of one board per contest the distributor has (none, no group). */
export const CONTESTS_DASHBOARD_ID = 8;

/**
 * The board of one contest, with the contest's id and name (docs/decisions/067-contest-boards-from-the-data.md).
 * Not in `REPORTS`: contests are data, read with the catalogue.
 */
export function contestBoard(id: number, name: string): ReportDef {
  return {
    ...base({ id, name, dashboardId: CONTESTS_DASHBOARD_ID, filters: NO_FILTERS, presentation: { ...SHOWN, breadcrumbs: false } }),
    run: (ctx) => contestReport(ctx, id, name),
    batches: (ctx, size) => contestBatches(ctx, id, size),
  };
}

const fixed = (columns: ReportColumnDef[], fn: (ctx: QueryContext) => Promise<ReportRecord[]>) => async (ctx: QueryContext) => ({
  columns,
  records: await fn(ctx),
});

const SUCCESS = ['success'] as const;
const MONTH = { dateMode: 'month' as const };
/** The Pending summary's short titles (docs/product/report-screens.md, 'Report table'). */
const PENDING_TITLES = { [COL.premium]: 'Premium', [COL.wp]: 'WP', [COL.nop]: 'NOP' };

/**
 * Every fixed report of docs/product/reports-catalogue.md. Ids 11 and 13 are fixed by the Dashboard screen; the
 * rest are stable, below FIRST_CONTEST_ID and never 32–34 (the demo's contests).
 */
export const REPORTS: readonly ReportDef[] = [
  breakdown(
    13,
    'Business summary',
    1,
    {
      keyTitle: 'Business Type',
      key: KEY.businessType,
      keys: BUSINESS_TYPE_KEYS,
      measures: ['nop', 'premium', 'wp'],
      withGrowth: true,
      totalLabel: 'Total',
      scope: { statuses: SUCCESS },
    },
    UNPAGED,
  ),
  team(
    11,
    'Team report summary',
    1,
    ['nop', 'premium', 'wp'],
    { statuses: SUCCESS },
    { width: 6, presentation: { ...SHOWN, page: { ...SHOWN.page, renewal_dues: TEAM_RENEWAL_DUES } } },
    { withGrowth: true, withRunRate: true },
  ),
  breakdown(14, 'Product wise business', 1, {
    keyTitle: COL.product,
    key: KEY.product,
    keys: PRODUCT_KEYS,
    measures: ['nop', 'premium', 'wp'],
    withGrowth: false,
    totalLabel: 'Total',
    scope: { statuses: SUCCESS },
    hideEmpty: true,
  }),
  {
    ...base({
      id: 15,
      name: 'User insurer wise business',
      dashboardId: 1,
      viz: 'pivot_table',
      footnote: refreshedEvery,
      ...dropdown('Select Insurer column'),
    }),
    run: (ctx) => insurerPivot(ctx),
  },
  breakdown(
    16,
    'Channel summary',
    1,
    {
      keyTitle: 'Channel',
      key: KEY.channel,
      keys: CHANNEL_KEYS,
      measures: ['nop', 'premium', 'wp'],
      withGrowth: false,
      totalLabel: 'Total',
      scope: { statuses: SUCCESS },
    },
    { width: 6, ...UNPAGED },
  ),
  breakdown(
    17,
    'Inward summary',
    1,
    {
      keyTitle: 'Status',
      key: KEY.status,
      keys: STATUS_KEYS,
      measures: ['nop', 'premium'],
      withGrowth: false,
      totalLabel: 'Total',
      scope: {},
    },
    { width: 6, ...UNPAGED },
  ),
  team(18, 'Success summary', 1, ['nop', 'premium', 'wp'], { statuses: ['success'] }, { width: 6 }, { withRunRate: true }),
  team(19, 'Pending summary', 1, ['premium', 'wp', 'nop'], { statuses: ['pending'] }, { width: 6 }, { titles: PENDING_TITLES }),
  team(20, 'Cancelled summary', 1, ['nop', 'premium', 'wp'], { statuses: ['cancelled'] }, { width: 6 }),
  team(21, 'Health business summary', 2, ['nop', 'premium', 'wp'], { statuses: SUCCESS, lines: ['health'] }, { width: 6 }),
  {
    ...base({ id: 22, name: 'Life issuance channel report', dashboardId: 3, filters: { ...ALL_FILTERS, product: false } }),
    run: fixed(LIFE_CHANNEL_COLUMNS, lifeChannelReport),
  },
  team(
    23,
    'Life issuance team report',
    3,
    ['nop', 'premium', 'wp'],
    { statuses: SUCCESS, lines: ['life'] },
    { filters: { ...ALL_FILTERS, product: false } },
  ),
  {
    ...base({ id: 24, name: 'Partner activation dashboard revist', dashboardId: 4, filters: NO_FILTERS, ...UNPAGED }),
    run: fixed(ACTIVATION_TOTAL_COLUMNS, activationTotals),
  },
  {
    ...base({
      id: 25,
      name: 'Unit partner activation revist',
      dashboardId: 4,
      ...MONTH,
      filters: NO_FILTERS,
      drillable: true,
      nextReportId: 25,
    }),
    run: fixed(ACTIVATION_GROUP_COLUMNS, (ctx) => activationByGroup(ctx, 'reportees')),
  },
  {
    ...base({
      id: 26,
      name: 'Team wise partner activation revist',
      dashboardId: 4,
      ...MONTH,
      filters: NO_FILTERS,
      drillable: true,
      nextReportId: 25,
    }),
    run: fixed(ACTIVATION_GROUP_COLUMNS, (ctx) => activationByGroup(ctx, 'team_leads')),
  },
  {
    ...base({
      id: 27,
      name: 'Product wise last activation date',
      dashboardId: 4,
      ...MONTH,
      viz: 'pivot_table',
      filters: NO_FILTERS,
      ...dropdown('Select Product line'),
    }),
    run: lastActivationPivot,
    batches: async (ctx, size) => ({ columns: LAST_ACTIVATION_COLUMNS, batches: lastActivationBatches(ctx, size) }),
  },
  {
    ...base({
      id: 28,
      name: 'Team business performance report revist',
      dashboardId: 5,
      ...MONTH,
      filters: PRODUCT_ONLY,
      drillable: true,
      nextReportId: 28,
      presentation: { ...SHOWN, chart: 'Achieved Premium' },
    }),
    run: performanceReport,
  },
  {
    ...base({ id: 29, name: "Apex journey drop off's", dashboardId: 6, ...MONTH, filters: PRODUCT_ONLY, ...UNPAGED }),
    run: fixed(FUNNEL_COLUMNS, funnelReport),
  },
  {
    ...base({
      id: 30,
      name: "Team apex journey drop off's",
      dashboardId: 6,
      ...MONTH,
      filters: PRODUCT_ONLY,
      drillable: true,
      nextReportId: 30,
      ...dropdown('Select Stage'),
    }),
    run: fixed(TEAM_FUNNEL_COLUMNS, teamFunnelReport),
  },
  {
    ...base({
      id: 31,
      name: 'Recruitment report',
      dashboardId: 7,
      filters: PRODUCT_ONLY,
      drillable: true,
      nextReportId: 31,
    }),
    run: fixed(RECRUITMENT_COLUMNS, recruitmentReport),
  },
  {
    ...base({ id: 35, name: 'Direct business', dashboardId: 9, filters: { ...ALL_FILTERS, product: false } }),
    run: fixed(DIRECT_COLUMNS, directBusinessReport),
  },
  team(36, 'Loan business', 10, ['nop', 'loan'], { statuses: SUCCESS, lines: ['loan'] }),
  {
    ...base({
      id: EXECUTIVE_REPORT_ID,
      name: 'Executive report',
      dashboardId: null,
      source: 'source',
      account: 'partner',
      presentation: {
        ...POLICY_LIST,
        // Rows with a renewal awaiting payment (One Click Url) can mail the notice by payment id.
        row_actions: ['notice-email'],
        page: { ...SHOWN.page, renewal_dues: { report_id: RENEWAL_DUES_REPORT_ID, partners_only: true } },
      },
    }),
    run: executiveReport,
    batches: async (ctx, size) => ({ columns: EXECUTIVE_COLUMNS, batches: executiveBatches(ctx, size) }),
  },
  {
    ...base({
      id: RENEWAL_DUES_REPORT_ID,
      name: 'Renewal dues',
      dashboardId: null,
      source: 'source',
      account: 'any',
      dateOffsetDays: -30,
      maxRangeDays: 366,
      presentation: { ...POLICY_LIST, row_actions: RENEWAL_ACTIONS },
    }),
    run: renewalDuesReport,
    batches: async (ctx, size) => ({ columns: RENEWAL_COLUMNS, batches: renewalDuesBatches(ctx, size) }),
  },
];

/** The column the page's chart draws for a report with these columns (see `presentation.chart`). */
export function chartColumn(def: Pick<ReportDef, 'presentation'>, columns: readonly ReportColumnDef[]): string | null {
  const { chart } = def.presentation;
  if (typeof chart === 'string') return chart;
  if (!chart) return null;
  const shown = columns.filter((c) => !c.hidden);
  return (shown.find((c) => c.kind === 'currency') ?? shown.find((c) => c.kind === 'count'))?.key ?? null;
}

/**
 * Reports whose work grows with the business they cover: they read source tables over a whole subtree.
 * A report about one partner reads that partner's policies a page at a time, bounded like a roll-up read.
 */
export const isHeavyReport = (def: ReportDef): boolean => def.source === 'source' && def.account !== 'partner';

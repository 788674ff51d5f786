import type { LRUCache } from 'lru-cache';
import { can, kolkataToday, rangeDays, type ReportOrPage, type ReportResponse } from '@dossier/shared';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import { etlGeneration, rollupState, type RollupState } from '../etl/module';
import { byteBoundedCache } from './cache';
import { dashboardName } from './dashboards';
import { loadCatalogue, type Catalogue } from './lookup';
import { chartColumn, REPORTS, type ReportDef, type ReportFacts, type ReportResult } from './catalogue';
import { DEFAULT_REPORT_PAGE_SIZE, type Account, type DateRange, type ListPage, type QueryContext, type ReportFilters } from './context';
import { drilledAccount, requireReportAccess } from './opened';
import { columnKeys } from './columns';
import { coveredRange, exportColumns, growthComparison, matchingRows, reportPath, type ReportExport } from './export';
import { previousRange, resolveFilters, resolveRange, type RawReportParams } from './params';

/** The report cache's budget per instance. */
const REPORT_CACHE_BYTES = 64 * 2 ** 20;
/** About what a result holds in memory: its JSON size, doubled for the objects' overhead. */
const resultBytes = (result: ReportResult): number => 2 * JSON.stringify(result.records).length + 1024;

/**
 * How long one read of the roll-up watermark serves this instance: a local ETL run invalidates it at once,
 * one elsewhere shows at most this much later; busy dashboards save a query per request.
 */
const WATERMARK_TTL_MS = 1000;

export interface ReportOptions {
  /** Today's business date (yyyy-MM-dd, Asia/Kolkata), which default periods and growth comparisons count from. */
  today?: () => string;
  /** How often the roll-ups are refreshed (ETL_INTERVAL_SECONDS), which footnotes say. Default 300. */
  etlIntervalSeconds?: number;
  /** Memory the cache of results may hold (REPORT_CACHE_MB); 0 caches nothing. Default 64 MiB. */
  cacheBytes?: number;
  /** The fixed reports (`AppDeps.reports`). Default: the catalogue's `REPORTS`. */
  reports?: readonly ReportDef[];
}

/**
 * Only the filters the report declares reach its queries: a product in the address of a page does not empty
 * a life report that takes none (docs/product/reports-catalogue.md, 'Filters').
 */
const filtersTaken = (def: ReportDef, filters: ReportFilters): ReportFilters => ({
  products: def.filters.product ? filters.products : null,
  insurers: def.filters.insurer ? filters.insurers : null,
  states: def.filters.state ? filters.states : null,
  businessTypes: def.filters.businessType ? filters.businessTypes : null,
});

const dashboardOf = (def: ReportDef) => (def.dashboardId === null ? undefined : dashboardName(def.dashboardId)) ?? def.name;

export class ReportService {
  // Bounded by size, not count: one activation page of a national head is megabytes, a team table a few KB.
  private readonly cache: LRUCache<string, ReportResult>;
  /** The roll-ups' change time the cached entries were computed at; a newer one empties the cache. */
  private cachedAt: number | null = null;

  /**
   * @param db the primary database (access checks)
   * @param reportingDb where report queries run: on PostgreSQL a pool whose statements time out, on the
   *   read replica when REPORTING_DATABASE_URL is set (`openReportingDb`)
   */
  private readonly today: () => string;
  private readonly facts: ReportFacts;
  private readonly fixed: readonly ReportDef[];

  constructor(
    private readonly db: Db,
    private readonly reportingDb: Db = db,
    options: ReportOptions = {},
  ) {
    this.fixed = options.reports ?? REPORTS;
    this.today = options.today ?? (() => kolkataToday());
    this.facts = { etlIntervalSeconds: options.etlIntervalSeconds ?? 300 };
    this.cache = byteBoundedCache<ReportResult>(options.cacheBytes ?? REPORT_CACHE_BYTES, resultBytes);
  }

  /** The catalogue as it stands (`loadCatalogue`), over this app's fixed reports: pages, files, mails and the side menu ask it. */
  catalogue(): Promise<Catalogue> {
    return loadCatalogue(this.db, this.fixed);
  }

  /** A fixed report by id (the heavy-report gate asks before any database read); contest boards are not. */
  fixedReport(id: number): ReportDef | undefined {
    return this.fixed.find((r) => r.id === id);
  }

  /** Today's business date (yyyy-MM-dd, Asia/Kolkata) the reports count from: the daily brief counts from it too. */
  businessDay(): string {
    return this.today();
  }

  /** Where report queries run (the daily brief reads the same roll-ups there). */
  database(): Db {
    return this.reportingDb;
  }

  /** GET /api/reports/{id}/: a dashboard id answers its page of tables, a report id one table. */
  async get(viewer: Viewer, id: number, params: RawReportParams): Promise<ReportOrPage> {
    const catalogue = await this.catalogue();
    const target = requireReportAccess(catalogue, viewer, id);
    if (!('dashboard' in target)) return this.reportOf(viewer, target.report, params);
    const { dashboard } = target;
    // One access check, one filter lookup and one watermark read serve every table of the page.
    const account = await this.resolveAccount(viewer, params.account_id ?? undefined);
    const filters = await resolveFilters(this.db, params);
    const state = await this.watermark();
    // The tables are independent: on PostgreSQL they run side by side on the pool.
    const reports = await Promise.all(
      dashboard.report_ids.map((reportId) =>
        this.render(viewer, this.definition(catalogue, viewer, reportId), account, params, filters, state),
      ),
    );
    return { kind: 'page', dashboard_name: dashboard.dashboard_name, reports, presentation: dashboard.page };
  }

  /** One report for the viewer, or for a drilled account in their subtree. */
  async report(viewer: Viewer, id: number, params: RawReportParams): Promise<ReportResponse> {
    return this.reportOf(viewer, this.definition(await this.catalogue(), viewer, id), params);
  }

  private async reportOf(viewer: Viewer, def: ReportDef, params: RawReportParams): Promise<ReportResponse> {
    const account = await this.resolveAccount(viewer, params.account_id ?? undefined);
    const filters = await resolveFilters(this.db, params);
    const state = def.source === 'rollup' ? await this.watermark() : null;
    return this.render(viewer, def, account, params, filters, state);
  }

  /**
   * One report for a download or a mail: policy lists in batches read as the file is written, other reports
   * computed as for the table.
   */
  async export(viewer: Viewer, id: number, params: RawReportParams, batchSize: number): Promise<ReportExport> {
    const def = this.definition(await this.catalogue(), viewer, id);
    const today = this.today();
    // A report whose default period lies ahead (renewal dues) covers the days it was asked for.
    const covered = (range: DateRange) => coveredRange(range, today, def.dateOffsetDays < 0);
    const path = reportPath(id, params);
    if (def.batches) {
      const account = await this.resolveAccount(viewer, params.account_id ?? undefined);
      const ctx = this.context(def, account, params, await resolveFilters(this.db, params));
      const { columns, batches, range } = await def.batches(ctx, batchSize);
      const shown = exportColumns(columns);
      return {
        name: def.name,
        ...covered(range ?? ctx.range),
        comparison: growthComparison(shown, ctx.previous),
        path,
        account,
        columns: shown,
        batches: matchingRows(batches, shown, params.search),
      };
    }
    const { search, ...query } = params;
    const report = await this.reportOf(viewer, def, query);
    const columns = exportColumns(report.data.data.column_defs);
    return {
      name: report.report_name,
      ...covered({ start: report.start_date, end: report.end_date }),
      comparison: growthComparison(columns, { start: report.comparison.start_date, end: report.comparison.end_date }),
      path,
      account: { code: report.account.account_id, name: report.account.user_name },
      columns,
      batches: matchingRows([report.data.data.records], columns, search),
    };
  }

  private memo: { at: number; generation: number; value: Promise<RollupState> } | null = null;

  /** The roll-ups' change time (cache key) and refresh time (as-of), read at most once per WATERMARK_TTL_MS; concurrent reads share one query. */
  private watermark(): Promise<RollupState> {
    const now = Date.now();
    const generation = etlGeneration();
    if (this.memo && this.memo.generation === generation && now - this.memo.at < WATERMARK_TTL_MS) return this.memo.value;
    const value = rollupState(this.reportingDb);
    const memo = { at: now, generation, value };
    this.memo = memo;
    // A failed read (database down) must not be served to the next requests.
    value.catch(() => {
      if (this.memo === memo) this.memo = null;
    });
    return value;
  }

  private definition(catalogue: Catalogue, viewer: Viewer, id: number): ReportDef {
    const target = requireReportAccess(catalogue, viewer, id);
    // A dashboard id where one report is meant (a download, a mail, a page's table).
    if (!('report' in target)) throw notFound(`No report ${id}`);
    return target.report;
  }

  /** Where and over which range the report's queries run, once the account suits the report. */
  private context(def: ReportDef, account: Account, params: RawReportParams, filters: ReportFilters): QueryContext {
    if (def.account === 'partner' && account.kind !== 'partner')
      throw badRequest(`${def.name} needs a partner account_id (a code containing EI)`);
    if (def.account === 'employee' && account.kind !== 'employee')
      throw badRequest(`${def.name} is a team report; open the executive report for partner ${account.code}`);
    const today = this.today();
    const range = resolveRange(params, def.dateMode, def.dateOffsetDays, today);
    const page: ListPage = {
      number: params.page ?? 1,
      size: params.page_size ?? (params.screen ? def.presentation.screen_page_size : null) ?? DEFAULT_REPORT_PAGE_SIZE,
      ...(params.sort ? { sort: { column: params.sort, desc: params.order === 'desc' } } : {}),
      ...(params.search ? { search: params.search } : {}),
    };
    return {
      db: this.reportingDb,
      account,
      range,
      today,
      previous: previousRange(range, today),
      filters: filtersTaken(def, filters),
      page,
    };
  }

  /** The context of a table: the report's own longest range applies (downloads read in batches and keep the general limit). */
  private tableContext(def: ReportDef, account: Account, params: RawReportParams, filters: ReportFilters): QueryContext {
    const ctx = this.context(def, account, params, filters);
    if (def.maxRangeDays !== undefined && rangeDays(ctx.range) > def.maxRangeDays) {
      throw badRequest(`${def.name} can span at most ${def.maxRangeDays} days: choose a shorter range.`);
    }
    return ctx;
  }

  /**
   * Throws what `get` would refuse for this viewer, id and filters, without running the report: for requests
   * that keep a report to run later (subscriptions).
   */
  async check(viewer: Viewer, id: number, params: RawReportParams): Promise<void> {
    const catalogue = await this.catalogue();
    const target = requireReportAccess(catalogue, viewer, id);
    const account = await this.resolveAccount(viewer, params.account_id ?? undefined);
    const filters = await resolveFilters(this.db, params);
    const defs =
      'dashboard' in target ? target.dashboard.report_ids.map((reportId) => this.definition(catalogue, viewer, reportId)) : [target.report];
    for (const def of defs) this.tableContext(def, account, params, filters);
  }

  private async render(
    viewer: Viewer,
    def: ReportDef,
    account: Account,
    params: RawReportParams,
    filters: ReportFilters,
    state: RollupState | null,
  ): Promise<ReportResponse> {
    const ctx = this.tableContext(def, account, params, filters);
    const range = ctx.range;

    let result: ReportResult;
    const asOf = def.source === 'rollup' ? (state?.refreshedAt ?? null) : null;
    if (def.source === 'rollup') {
      // Entries of older figures can never be read again: drop them all when the figures change.
      const changedAt = state?.changedAt?.getTime() ?? null;
      if (changedAt !== this.cachedAt) {
        this.cache.clear();
        this.cachedAt = changedAt;
      }
      // The comparison period moves with today while the range runs, so it is part of the key.
      // A server-paged report (27) answers one page, in the viewer's order and search: they are part of it too.
      const key = JSON.stringify([def.id, account.kind, account.id, range, ctx.today, ctx.previous, ctx.filters, ctx.page, changedAt]);
      const cached = this.cache.get(key);
      result = cached ?? (await def.run(ctx));
      if (!cached) this.cache.set(key, result);
    } else {
      // Source-table reports over a subtree are bounded in number at once by guardHeavyReports, before the
      // request starts; one partner's executive report is paged and needs no bound.
      result = await def.run(ctx);
    }
    const shown = result.range ?? range;
    return {
      kind: 'report',
      report_id: def.id,
      report_name: def.name,
      dashboard_name: dashboardOf(def),
      viz_type: def.viz,
      date_mode: def.dateMode,
      email_report: def.email,
      download_report: def.download,
      user_email_report_access: can(viewer, 'report-email'),
      user_download_report_access: can(viewer, 'report-download'),
      business_type_filter: def.filters.businessType,
      insurer_filter: def.filters.insurer,
      state_filter: def.filters.state,
      product_filter: def.filters.product,
      meta: { drillable: def.drillable, executive_report_id: def.executiveReportId, next_report_id: def.nextReportId },
      data: { data: { columns: columnKeys(result.columns), records: result.records, column_defs: result.columns } },
      footnote: def.footnote?.(this.facts) ?? null,
      layout_width: def.width,
      presentation: { ...def.presentation, chart: chartColumn(def, result.columns) },
      start_date: shown.start,
      end_date: shown.end,
      comparison: { start_date: ctx.previous.start, end_date: ctx.previous.end },
      account: { account_id: account.code, user_name: account.name },
      as_of: asOf ? asOf.toISOString() : null,
      ...(result.paging ? { paging: result.paging } : {}),
    };
  }

  private resolveAccount(viewer: Viewer, accountId: string | undefined): Promise<Account> {
    return drilledAccount(this.db, viewer, accountId);
  }
}

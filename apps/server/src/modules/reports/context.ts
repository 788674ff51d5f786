import { sql, type RawBuilder } from 'kysely';
import { growthFromNothing, type GrowthUnit } from '@dossier/shared';
import type { Db } from '../../platform/db';

export interface DateRange {
  start: string;
  end: string;
}

/** Filters after validation: null = no restriction ('All'). Names are already resolved to ids. */
export interface ReportFilters {
  products: number[] | null;
  insurers: number[] | null;
  states: number[] | null;
  businessTypes: number[] | null;
}

/** The account a report is about: an employee (subtree roll-ups) or a partner (drill end). */
export type Account =
  { kind: 'employee'; id: number; code: string; name: string } | { kind: 'partner'; id: number; code: string; name: string };

export interface QueryContext {
  db: Db;
  account: Account;
  range: DateRange;
  /** Today's business date (yyyy-MM-dd, Asia/Kolkata): run-rate columns count the month's days from it. */
  today: string;
  /** What growth columns compare `range` with (`previousRange`: like for like while `range` runs). */
  previous: DateRange;
  filters: ReportFilters;
  /** Which page of a server-paged report (policy lists) to read, in which order and with which search. */
  page: ListPage;
}

export interface ListPage {
  number: number;
  size: number;
  /** A column name of the report; none keeps the report's own order. */
  sort?: { column: string; desc: boolean };
  /** Trimmed, non-empty. */
  search?: string;
}

/** Page size of a server-paged report when the request names none. */
export const DEFAULT_REPORT_PAGE_SIZE = 100;

/** Where-clause fragment restricting fact_daily_business (alias f) to the filters; always bound parameters. */
export function factFilters(filters: ReportFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (filters.products) parts.push(sql`f.product_type_id = any(${filters.products}::int[])`);
  if (filters.insurers) parts.push(sql`f.insurer_id = any(${filters.insurers}::int[])`);
  if (filters.states) parts.push(sql`f.state_id = any(${filters.states}::int[])`);
  if (filters.businessTypes) parts.push(sql`f.business_type = any(${filters.businessTypes}::int[])`);
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

/** The same filters against the policies table (alias p), for reports read from source rows. */
export function policyFilters(filters: ReportFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (filters.products) parts.push(sql`p.product_type_id = any(${filters.products}::int[])`);
  if (filters.insurers) parts.push(sql`p.insurer_id = any(${filters.insurers}::int[])`);
  if (filters.states) parts.push(sql`p.state_id = any(${filters.states}::int[])`);
  if (filters.businessTypes) parts.push(sql`p.business_type = any(${filters.businessTypes}::int[])`);
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

/** True when any of the filters `policyFilters` applies is set. */
export const hasPolicyFilters = (filters: ReportFilters): boolean =>
  Boolean(filters.products || filters.insurers || filters.states || filters.businessTypes);

/** Issue instants of the Indian business days of a range, as a sargable predicate on p.issued_at. */
export function issuedIn(range: DateRange): RawBuilder<unknown> {
  return sql`p.issued_at >= (${range.start}::date::timestamp at time zone 'Asia/Kolkata')
    and p.issued_at < ((${range.end}::date + 1)::timestamp at time zone 'Asia/Kolkata')`;
}

/**
 * Growth in percent, two decimals; 0 when both are 0. From nothing there is no percent to give, so the cell
 * says 'New' with the absolute change ('New (+₹20.00 k)', 'New (+3)'), on the screen and in files and mails alike.
 */
export function growth(current: number, previous: number, unit: GrowthUnit): number | string {
  if (previous === 0) return current === 0 ? 0 : growthFromNothing(current, unit);
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Percentage a/b with two decimals, 0 when b is 0. */
export const percent = (a: number, b: number) => (b === 0 ? 0 : round2((a / b) * 100));

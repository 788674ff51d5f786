import type { AppliedFilters, ReportQueryState } from './query-params';

/** What every table of a report screen shares: the address's period and products, the saved filters, who is looking at whom. */
export interface ReportScreenContext {
  query: ReportQueryState;
  filters: AppliedFilters;
  /** The drilled account of the address (absent = the viewer). */
  accountId?: string;
  userCode: string;
  /** emp_role, once the side menu has answered. */
  role?: string;
  /** Submit of a date or month filter: save the multi-selects (when given) and navigate with the period. */
  submit: (range: { start_date: string; end_date: string }, filters?: AppliedFilters) => void;
}

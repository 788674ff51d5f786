import type { ReportFilterBody, ReportQuery } from '@dossier/shared';
import type { FilterDetailsParams } from './filter-details';

/**
 * Query keys of the report screens. The chart and the tables share `report` and `reportFilter`, so both
 * draw one answer; the viewer's menu is the shell's (lib/query-keys.ts).
 */
export const reportsKeys = {
  report: (id: number, query: ReportQuery) => ['report', id, query] as const,
  reportFilter: (id: number, body: ReportFilterBody) => ['report-filter', id, body] as const,
  filterDetails: (p: FilterDetailsParams) => ['filter-details', p] as const,
};

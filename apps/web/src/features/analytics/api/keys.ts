import type { ServerQuery } from '../../../components/data-table/DataTable';

/** Query keys of mapping analytics. */
export const analyticsKeys = {
  analytics: (startDate: string, endDate: string, table: ServerQuery) => ['mapping-analytics', startDate, endDate, table] as const,
};

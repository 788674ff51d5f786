import type { ServerQuery } from '../../../components/data-table/DataTable';

/** Query keys of the renewals screens. */
export const renewalsKeys = {
  due: (start: string, end: string, table: ServerQuery) => ['renewals-due', start, end, table] as const,
};

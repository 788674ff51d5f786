import type { ServerQuery } from '../../../components/data-table/DataTable';

/** Query keys of the partner screens. */
export const partnersKeys = {
  mappedPartners: (asOn: string, table: ServerQuery) => ['mapped-partners', asOn, table] as const,
  reportingManagers: (partnerCode: string) => ['reporting-managers', partnerCode] as const,
};

import type { ServerRowPaging } from '../../../components/data-table/DataTable';

export interface LimitOffset {
  limit: number;
  offset: number;
}

/**
 * DataTable's server paging over the admin API's `limit`/`offset`: pages become offsets, a new page size goes
 * back to the first row. The admin API does not sort or search through the table, so those are not passed on.
 */
export function limitOffsetPaging(paging: LimitOffset, total: number, onChange: (next: LimitOffset) => void): ServerRowPaging {
  return {
    page: Math.floor(paging.offset / paging.limit) + 1,
    pageSize: paging.limit,
    totalRows: total,
    onChange: ({ page, pageSize }) => onChange({ limit: pageSize, offset: (page - 1) * pageSize }),
  };
}

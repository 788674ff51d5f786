import { PAGE_SIZE } from '@dossier/shared';
import type { ServerQuery, ServerRowPaging } from './DataTable';

/** The first page of a server-paged table: the server's own order and no search. */
export const firstPage = (pageSize = PAGE_SIZE): ServerQuery => ({ page: 1, pageSize, sort: null, search: '' });

/** A table's page, sort and search as the parameters of a list call that pages with `limit`/`offset`. */
export function listParams(query: ServerQuery): { limit: number; offset: number; sort?: string; order?: 'asc' | 'desc'; search?: string } {
  return {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    ...(query.sort ? { sort: query.sort.id, order: query.sort.desc ? 'desc' : 'asc' } : {}),
    ...(query.search ? { search: query.search } : {}),
  };
}

/** DataTable's server paging for a table whose rows, sort and search all come from the server. */
export const rowPaging = (query: ServerQuery, totalRows: number, onChange: (next: ServerQuery) => void): ServerRowPaging => ({
  page: query.page,
  pageSize: query.pageSize,
  totalRows,
  onChange,
});

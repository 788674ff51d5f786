import type { FastifyReply } from 'fastify';

export interface Paging {
  limit: number;
  offset: number;
}

/**
 * The rows of page `page` (from 1) of `pageSize` rows, for the call centre's `current_page`: the same window as a
 * `limit`/`offset` request, so both contracts read rows one way (docs/architecture.md, 'List paging').
 */
export function numberedPage(page: number, pageSize: number): Paging {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** The call centre's page numbers in the body (`total_pages`, `current_page`), from the row count. */
export function pageNumbers(total: number, page: number, pageSize: number): { total_pages: number; current_page: number } {
  return { total_pages: Math.ceil(total / pageSize), current_page: page };
}

/** Rows carry `count(*) over ()`; the total leaves as the X-Total-Count header, the rows as the body. */
export function withTotalHeader<T extends { total_count: number | string }>(
  reply: FastifyReply,
  rows: readonly T[],
): Omit<T, 'total_count'>[] {
  void reply.header('x-total-count', String(rows[0] ? Number(rows[0].total_count) : 0));
  return rows.map(({ total_count: _total, ...rest }) => rest);
}

import type { FastifyReply } from 'fastify';

export interface Paging {
  limit: number;
  offset: number;
}

/** Rows carry `count(*) over ()`; the total leaves as the X-Total-Count header, the rows as the body. */
export function withTotalHeader<T extends { total_count: number | string }>(
  reply: FastifyReply,
  rows: readonly T[],
): Omit<T, 'total_count'>[] {
  void reply.header('x-total-count', String(rows[0] ? Number(rows[0].total_count) : 0));
  return rows.map(({ total_count: _total, ...rest }) => rest);
}

import type { ReportColumnDef, ReportPaging, ReportRecord } from '@dossier/shared';
import { sql, type RawBuilder } from 'kysely';
import type { ReportResult } from '../catalogue';
import { badRequest } from '../../../platform/http-errors';
import { containsPattern } from '../../../platform/like';
import { readInBatches, type KeysetQuery } from '../../../platform/row-batches';
import type { QueryContext } from '../context';

// Lists that grow with the business are paged, sorted and searched on the server, so the table never holds more
// than a page (docs/product/report-screens.md, 'Limits the server enforces').

/** The page asked for, within the list (a page past the end is the last page). */
export function pageWithin(ctx: QueryContext, sortable: Record<string, unknown>, total: number): { paging: ReportPaging; offset: number } {
  const size = ctx.page.size;
  const totalPages = Math.ceil(total / size);
  const page = Math.min(ctx.page.number, Math.max(1, totalPages));
  return {
    paging: { page, page_size: size, total_rows: total, total_pages: totalPages, sortable: Object.keys(sortable) },
    offset: (page - 1) * size,
  };
}

/** A list's rows as SQL, for a page the viewer sorts or searches. */
export interface ListShape {
  select: RawBuilder<unknown>;
  /** The from-clause `select`, `where`, `sortable` and `searchText` read. */
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  /** Column name → the expression it sorts by. */
  sortable: Record<string, RawBuilder<unknown>>;
  /** The row's searchable text (the columns the table shows), one string. */
  searchText: RawBuilder<unknown>;
  /** The list's own order, which also breaks ties of the chosen column. */
  order: RawBuilder<unknown>;
  /** The number of rows without a search, when a roll-up knows it (else they are counted). */
  count?: RawBuilder<number>;
}

// A search is a plain substring: LIKE's wildcards in it match themselves.

/** One page of a list's rows in the viewer's order and with their search, with the count under the same search. */
export async function orderedRows<R>(ctx: QueryContext, name: string, shape: ListShape): Promise<{ rows: R[]; paging: ReportPaging }> {
  const { sort, search } = ctx.page;
  const by = sort ? shape.sortable[sort.column] : undefined;
  if (sort && !by) throw badRequest(`${name} cannot be sorted by '${sort.column}'. Sortable: ${Object.keys(shape.sortable).join(', ')}`);
  const where = search ? sql`${shape.where} and lower(${shape.searchText}) like ${containsPattern(search.toLowerCase())}` : shape.where;
  const count = !search && shape.count ? shape.count : sql<number>`(select count(*) from ${shape.from} where ${where})`;
  const total = (await ctx.db.selectNoFrom(count.as('n')).executeTakeFirst())?.n ?? 0;
  const { paging, offset } = pageWithin(ctx, shape.sortable, total);
  const order = by ? sql`${by} ${sort?.desc ? sql`desc` : sql`asc`} nulls last, ${shape.order}` : shape.order;
  const rows =
    total === 0
      ? []
      : (
          await sql<R>`select ${shape.select} from ${shape.from} where ${where}
            order by ${order} limit ${paging.page_size} offset ${offset}`.execute(ctx.db)
        ).rows;
  return { rows, paging };
}

/** `orderedRows` as the table's records. */
export async function orderedPage<R>(
  ctx: QueryContext,
  name: string,
  columns: ReportColumnDef[],
  shape: ListShape,
  record: (row: R) => ReportRecord,
): Promise<ReportResult> {
  const { rows, paging } = await orderedRows<R>(ctx, name, shape);
  return { columns, records: rows.map(record), paging };
}

/**
 * Every row of a list in its own order, in batches (downloads and mails). `after` is the condition that keeps the
 * rows behind a row in that order (the order's columns compared as a row).
 */
export function listInBatches<R>(
  ctx: QueryContext,
  shape: ListShape,
  after: (row: R) => RawBuilder<unknown>,
  batchSize: number,
): AsyncGenerator<R[]> {
  const query: KeysetQuery<R, R> = {
    sql: (last, limit) => sql<R>`
      select ${shape.select} from ${shape.from}
      where ${shape.where} ${last ? sql`and ${after(last)}` : sql``}
      order by ${shape.order} ${limit === null ? sql`` : sql`limit ${limit}`}`,
    keyOf: (row) => row,
  };
  return readInBatches(ctx.db, query, batchSize);
}

export async function* mapped<R>(batches: AsyncIterable<R[]>, record: (row: R) => ReportRecord): AsyncGenerator<ReportRecord[]> {
  for await (const batch of batches) yield batch.map(record);
}

/** A list's columns sort where the server can sort them, and nowhere else. */
export const sortedBy = (sort: Record<string, RawBuilder<unknown>>, columns: ReportColumnDef[]): ReportColumnDef[] =>
  columns.map((c) => ({ ...c, sortable: c.key in sort }));

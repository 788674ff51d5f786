/**
 * Search, sort and paging of an in-memory table (000 §2 Generic report table, §9): generic helpers
 * that any table screen can use; the cell → value conversion is the caller's.
 */
export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: string;
  dir: SortDir;
}

/** Trimmed, case-insensitive 'contains' over the text of a row (000 §5). */
export function searchRows<R>(rows: readonly R[], query: string, rowText: (row: R) => string): R[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => rowText(row).toLowerCase().includes(needle));
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v));

/** Numbers by value, text in natural order ('RM2' before 'RM10'), blanks always last. */
export function compareValues(a: unknown, b: unknown): number {
  if (isBlank(a) || isBlank(b)) return isBlank(a) === isBlank(b) ? 0 : isBlank(a) ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/** A stable sort; blanks stay last in both directions. */
export function sortRows<R>(rows: readonly R[], sort: SortState | null, valueOf: (row: R, key: string) => unknown): R[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row, sort.key) }))
    .sort((x, y) => {
      const blank = Number(isBlank(x.value)) - Number(isBlank(y.value));
      if (blank !== 0) return blank;
      return sign * compareValues(x.value, y.value) || x.index - y.index;
    })
    .map((e) => e.row);
}

/** Header clicks cycle ascending → descending → unsorted. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Pages are numbered from 1 (000 §9); out-of-range pages clamp to the nearest one. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), pageCount(total, pageSize));
}

export function pageSlice<R>(rows: readonly R[], page: number, pageSize: number): R[] {
  const p = clampPage(page, rows.length, pageSize);
  return rows.slice((p - 1) * pageSize, p * pageSize);
}

/** 'Showing 11–20 of 57' */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'No rows';
  const p = clampPage(page, total, pageSize);
  return `Showing ${(p - 1) * pageSize + 1}–${Math.min(p * pageSize, total)} of ${total}`;
}

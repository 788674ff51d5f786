/** Search is trimmed and case-insensitive over the rows (docs/product/report-screens.md, 'Report table'). */
export function normaliseSearch(text: string): string {
  return text.trim().toLowerCase();
}

/** True when any of the row's searchable texts contains the (already normalised) query. */
export function rowMatches(texts: readonly string[], query: string): boolean {
  if (query === '') return true;
  return texts.some((t) => t.toLowerCase().includes(query));
}

export type CellValue = string | number | boolean | null | undefined;

/** Numbers compare as numbers, everything else as text; empty values sort last in ascending order. */
export function compareValues(a: CellValue, b: CellValue): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-IN', { numeric: true, sensitivity: 'base' });
}

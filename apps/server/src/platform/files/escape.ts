/** A report cell: text, a number, or empty. */
export type Cell = string | number | null;
export type Row = Record<string, Cell>;
export type Rows = Iterable<Row> | AsyncIterable<Row>;
/** A column is its row key, or a key with a header label of its own. */
export type Column = string | { key: string; header: string };

export const columnKey = (c: Column): string => (typeof c === 'string' ? c : c.key);
export const columnHeader = (c: Column): string => (typeof c === 'string' ? c : c.header);

// OWASP CSV injection: a spreadsheet treats a cell starting with these as a formula (tab and CR
// because some importers strip them and then see the formula character behind them). The fullwidth forms
// (＝ ＋ － ＠, U+FF1D U+FF0B U+FF0D U+FF20) too: spreadsheets in East Asian locales turn them into the ASCII ones.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
// Text that is just a decimal number (numeric columns arrive from pg as strings) opens as a number,
// never as a formula, so it keeps its minus sign instead of becoming "'-12.50".
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Prefixes a single quote to text a spreadsheet would run as a formula. */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** Numbers and empty cells stay as they are; only text can smuggle a formula. */
export function escapeCell(value: Cell): Cell {
  return typeof value === 'string' ? escapeFormula(value) : value;
}

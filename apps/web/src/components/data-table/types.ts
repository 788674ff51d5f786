import type { ReactNode } from 'react';
import type { CellValue } from './search';

/** One column: `value` feeds sorting and search, `cell` (optional) renders it. */
export interface DataTableColumn<T> {
  id: string;
  header: string;
  /** A smaller second line under the header, e.g. what a growth column compares with ('vs 1–23 Oct'). */
  headerNote?: string;
  value: (row: T) => CellValue;
  cell?: (row: T) => ReactNode;
  /** What sorting compares, when it differs from `value` (e.g. '₹1.5 lac' → 150000). */
  sortValue?: (row: T) => CellValue;
  /** Text that search looks at, when it differs from `value` (e.g. HTML cells → their text). */
  searchText?: (row: T) => string;
  sortable?: boolean;
  searchable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Narrowest the column may get, in px (long names wrap less). */
  minWidth?: number;
  /** Kept in view at the right edge while a wide table scrolls (row buttons are never cut). */
  stickyEnd?: boolean;
}

/** The column of a row's buttons: named 'Actions', never sorted or searched, kept in view at the right edge. */
export function actionsColumn<T>(cell: (row: T) => ReactNode): DataTableColumn<T> {
  return { id: 'actions', header: 'Actions', value: () => null, cell, sortable: false, searchable: false, stickyEnd: true };
}

/** A header row above the column headers, e.g. 'Online' over 8 columns and 'Offline' over 2. */
export interface ColumnGroup {
  label: string;
  span: number;
}

export interface DataTableSelection<T> {
  /** Ids (getRowId) of the selected rows; the screen owns the selection. */
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  /** Rows that cannot be chosen show a disabled checkbox. */
  isSelectable?: (row: T) => boolean;
  /** Accessible name of a row's checkbox, e.g. 'Select EI000123'. */
  rowLabel: (row: T) => string;
}

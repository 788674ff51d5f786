export { DataTable, NO_DATA, type DataTableProps } from './DataTable';
export type { ColumnGroup, DataTableColumn, DataTableSelection } from './types';
export { compareValues, normaliseSearch, rowMatches, type CellValue } from './search';

export { DataTable, NO_DATA, type DataTableProps, type ServerPaging, type ServerQuery } from './DataTable';
export type { ColumnGroup, DataTableColumn, DataTableSelection } from './types';
export { compareValues, normaliseSearch, rowMatches, type CellValue } from './search';

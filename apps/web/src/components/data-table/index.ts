export { DataTable, type ServerPaging, type ServerQuery } from './DataTable';
export type { ColumnGroup, DataTableColumn } from './types';

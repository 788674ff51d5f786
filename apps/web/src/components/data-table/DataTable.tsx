import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { Checkbox, Group, Pagination, Select, Skeleton, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type FilterFn,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@dossier/shared';
import { useScrollEdges } from './scroll-edges';
import { compareValues, normaliseSearch, rowMatches } from './search';
import type { ColumnGroup, DataTableColumn, DataTableSelection } from './types';
import classes from './DataTable.module.css';

export interface DataTableProps<T extends RowData> {
  /** Accessible name of the table (usually the screen title). */
  label: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  loading?: boolean;
  /** A row's key and selection id; `index` is its place in `rows` (for rows without an id of their own). */
  getRowId: (row: T, index: number) => string;
  /** Show the search box (default true); `searchWhenEmpty: false` hides it until rows exist. */
  search?: boolean;
  searchWhenEmpty?: boolean;
  searchPlaceholder?: string;
  initialSort?: { id: string; desc: boolean };
  /** `false`: no column sorts (a server that pages but does not sort, the administration lists). */
  sortable?: boolean;
  /** Hide the paginator (the hide-pagination list, docs/product/report-screens.md, 'Configuration lists'): every row shows on one page. */
  paginate?: boolean;
  pageSize?: number;
  /** The rows-per-page choices (default 10, 20, 50, 100; the administration lists offer 20, 50, 100). */
  pageSizes?: readonly number[];
  selection?: DataTableSelection<T>;
  columnGroups?: readonly ColumnGroup[];
  emptyText?: string;
  /** Extra controls beside the search box (buttons, filters). */
  toolbar?: ReactNode;
  /** Keep the table readable on phones: it scrolls sideways beyond this width. */
  minWidth?: number;
  /** Narrow cell padding and small text, for tables in half-width cards. */
  dense?: boolean;
  /**
   * Rows paged on the server (`rows` is the page). With `totalRows`, paging, sort and search go to the server
   * through `onChange`; with `totalPages` only paging does (`onPageChange`), and the table neither sorts nor searches.
   */
  serverPaging?: ServerPaging;
  /** Told the search as it is typed (trimmed, lower-case; '' for none): a download can carry it. */
  onSearch?: (search: string) => void;
  /** Attributes of a row's `<tr>`: data attributes the screen's styles and tests read, a style. */
  rowAttributes?: (row: T) => RowAttributes;
}

export type RowAttributes = { style?: CSSProperties } & { [key: `data-${string}`]: string | number | undefined };

export interface ServerQuery {
  page: number;
  pageSize: number;
  sort: { id: string; desc: boolean } | null;
  /** Trimmed; '' for none. */
  search: string;
}

/** Pages of rows the server sorts and searches too: the reports' paged answers. */
export interface ServerRowPaging {
  page: number;
  pageSize: number;
  totalRows: number;
  onChange: (query: ServerQuery) => void;
}

/** Numbered pages and nothing else: the server names the page count, not the rows (the call centre's lists). */
export interface ServerPagePaging {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

export type ServerPaging = ServerRowPaging | ServerPagePaging;

/** A search typed into a server-paged table is sent once the typing pauses. */
const SERVER_SEARCH_DELAY_MS = 300;

const LOADING_ROWS = 5;
export const NO_DATA = 'No data to display';

// Only the features the table uses are bundled (TanStack Table 9 registers them per table).
const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

function SortMark({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <span aria-hidden="true" className={classes.sortMark}>
      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
    </span>
  );
}

/** The ids of a selection map, the screen's order kept and new ones added at the end. */
function selectedIds(previous: readonly string[], next: RowSelectionState): string[] {
  const kept = previous.filter((id) => next[id]);
  const added = Object.keys(next).filter((id) => next[id] && !previous.includes(id));
  return [...kept, ...added];
}

/**
 * The portal's generic table (docs/product/report-screens.md, 'Report table'): search, sortable columns,
 * paginator, optional selection and grouped headers, loading placeholders and 'No data to display'.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { label, columns, rows, loading = false, getRowId, selection, columnGroups, emptyText = NO_DATA, minWidth = 640 } = props;
  const [query, setQuery] = useState('');
  const [sorting, setSorting] = useState<SortingState>(props.initialSort ? [props.initialSort] : []);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: props.pageSize ?? PAGE_SIZE });
  const paginate = props.paginate ?? true;
  const { ref: scrollRef, edges, visibleWidth } = useScrollEdges<HTMLDivElement>();
  const server = props.serverPaging && 'totalRows' in props.serverPaging ? props.serverPaging : undefined;
  const pages = props.serverPaging && 'totalPages' in props.serverPaging ? props.serverPaging : undefined;
  const serverOrder = pages !== undefined;
  const sortable = props.sortable ?? true;
  const [debouncedQuery] = useDebouncedValue(query, SERVER_SEARCH_DELAY_MS);
  const serverSort = sorting[0] ? { id: sorting[0].id, desc: sorting[0].desc } : null;
  const serverSearch = normaliseSearch(debouncedQuery);
  const askServer = (change: Partial<ServerQuery>) =>
    server?.onChange({ page: 1, pageSize: server.pageSize, sort: serverSort, search: serverSearch, ...change });
  // A new search (once typing pauses) asks the server for its first page.
  const [sentSearch, setSentSearch] = useState(serverSearch);
  if (server && serverSearch !== sentSearch) {
    setSentSearch(serverSearch);
    askServer({ search: serverSearch });
  }

  const defs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => (c.sortValue ?? c.value)(row),
        // The server's numbered pages come in its order: nothing to sort on this side.
        enableSorting: sortable && !serverOrder && (c.sortable ?? true),
        sortFn: (a, b) => compareValues((c.sortValue ?? c.value)(a.original), (c.sortValue ?? c.value)(b.original)),
        sortUndefined: 'last',
        // Every column sorts ascending on the first click, numbers included.
        sortDescFirst: false,
      })),
    [columns, serverOrder, sortable],
  );

  const globalFilter = useMemo<FilterFn<typeof features, T>>(
    () => (row, _columnId, value: string) =>
      rowMatches(
        columns
          .filter((c) => c.searchable ?? true)
          .map((c) => (c.searchText ? c.searchText(row.original) : String(c.value(row.original) ?? ''))),
        value,
      ),
    [columns],
  );

  // The screen owns the selection (ids); the table holds it as TanStack's row selection state.
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries((selection?.selected ?? []).map((id) => [id, true])),
    [selection?.selected],
  );
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    if (!selection) return;
    selection.onChange(selectedIds(selection.selected, typeof updater === 'function' ? updater(rowSelection) : updater));
  };

  const data = useMemo(() => (rows ? [...rows] : []), [rows]);
  const serverShowsAll = server !== undefined || pages !== undefined;
  const table = useTable({
    features,
    data,
    columns: defs,
    state: {
      sorting,
      // A server-paged table shows the server's rows as they come: sorted and searched there.
      globalFilter: serverShowsAll ? '' : normaliseSearch(query),
      pagination: serverShowsAll || !paginate ? { pageIndex: 0, pageSize: Math.max(1, data.length) } : pagination,
      rowSelection,
    },
    getRowId: (row, index) => getRowId(row, index),
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      setSorting(next);
      askServer({ sort: next[0] ? { id: next[0].id, desc: next[0].desc } : null });
    },
    manualSorting: serverShowsAll,
    onPaginationChange: setPagination,
    globalFilterFn: globalFilter,
    getColumnCanGlobalFilter: () => true,
    enableRowSelection: (row) => selection?.isSelectable?.(row.original) ?? true,
    onRowSelectionChange,
    autoResetPageIndex: true,
  });

  const filtered = table.getFilteredRowModel().rows;
  const pageRows = table.getRowModel().rows;
  const anySelectable = filtered.some((r) => r.getCanSelect());
  const allChosen = table.getIsAllRowsSelected();

  // A search that found nothing keeps its box, so it can be changed or cleared.
  const showSearch = pages === undefined && (props.search ?? true) && ((props.searchWhenEmpty ?? true) || data.length > 0 || query !== '');
  const columnCount = columns.length + (selection ? 1 : 0);
  const total = server ? server.totalRows : filtered.length;
  const { pageIndex, pageSize } = server ? { pageIndex: server.page - 1, pageSize: server.pageSize } : table.state.pagination;
  const pageCount = server ? Math.max(1, Math.ceil(server.totalRows / server.pageSize)) : table.getPageCount();
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  const pagerLabels = {
    getControlProps: (control: string) => ({ 'aria-label': `${control} page` }),
    getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
  };

  return (
    <div className={classes.root}>
      {showSearch || props.toolbar ? (
        <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
          {showSearch ? (
            <TextInput
              className={classes.search}
              type="search"
              aria-label={`Search ${label}`}
              placeholder={props.searchPlaceholder ?? 'Search'}
              value={query}
              onChange={(e) => {
                setQuery(e.currentTarget.value);
                props.onSearch?.(normaliseSearch(e.currentTarget.value));
              }}
            />
          ) : (
            <span />
          )}
          {props.toolbar}
        </Group>
      ) : null}

      {/* A table wider than its card scrolls sideways; a shadow on each side that hides columns says so. */}
      <div
        className={classes.frame}
        data-scroll-frame=""
        data-more-left={edges.left || undefined}
        data-more-right={edges.right || undefined}
      >
        {/* While it scrolls the frame takes the keyboard focus, so arrow keys reach hidden columns of a table without links or buttons. */}
        <Table.ScrollContainer ref={scrollRef} minWidth={minWidth} type="native" tabIndex={edges.left || edges.right ? 0 : undefined}>
          <Table
            striped
            highlightOnHover
            withTableBorder
            aria-label={label}
            aria-busy={loading}
            verticalSpacing="xs"
            horizontalSpacing={props.dense ? 6 : 'xs'}
            fz={props.dense ? 'xs' : undefined}
          >
            <Table.Thead>
              {columnGroups ? (
                <Table.Tr>
                  {selection ? <Table.Th /> : null}
                  {columnGroups.map((g, i) => (
                    <Table.Th key={`${g.label}-${i}`} colSpan={g.span} className={g.label ? classes.group : undefined} scope="colgroup">
                      {g.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              ) : null}
              <Table.Tr>
                {selection ? (
                  <Table.Th className={classes.check} scope="col">
                    <Checkbox
                      aria-label="Select all"
                      checked={allChosen}
                      indeterminate={table.getIsSomeRowsSelected() && !allChosen}
                      disabled={!anySelectable}
                      onChange={() => table.toggleAllRowsSelected(!allChosen)}
                    />
                  </Table.Th>
                ) : null}
                {table.getHeaderGroups()[0]?.headers.map((header) => {
                  const column = columns.find((c) => c.id === header.id);
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <Table.Th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                      style={{ textAlign: column?.align ?? 'left', minWidth: column?.minWidth }}
                      className={column?.stickyEnd ? classes.stickyEnd : undefined}
                    >
                      {canSort ? (
                        <UnstyledButton className={classes.sortButton} onClick={header.column.getToggleSortingHandler()}>
                          {column?.header}
                          <SortMark direction={sorted} />
                        </UnstyledButton>
                      ) : (
                        column?.header
                      )}
                      {column?.headerNote ? <span className={classes.headerNote}>{column.headerNote}</span> : null}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading && data.length === 0
                ? Array.from({ length: LOADING_ROWS }, (_, i) => (
                    <Table.Tr key={`loading-${i}`} data-testid="loading-row">
                      {Array.from({ length: columnCount }, (_, j) => (
                        <Table.Td key={j}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : null}
              {!loading && pageRows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columnCount} p={0}>
                    {/* A table wider than its frame would centre the message under columns out of view: it
                        spans the visible part of the frame and stays there while the table scrolls. A table that
                        fits keeps the message as wide as itself (the frame's width would add its borders). */}
                    <Text
                      className={classes.empty}
                      style={visibleWidth !== null && (edges.left || edges.right) ? { width: visibleWidth } : undefined}
                      ta="center"
                      c="gray.7"
                      py="md"
                      px="xs"
                      size="sm"
                      data-testid="empty-message"
                    >
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {pageRows.map((row) => {
                return (
                  <Table.Tr
                    key={row.id}
                    aria-selected={selection ? row.getIsSelected() : undefined}
                    {...props.rowAttributes?.(row.original)}
                  >
                    {selection ? (
                      <Table.Td className={classes.check}>
                        <Checkbox
                          aria-label={selection.rowLabel(row.original)}
                          checked={row.getIsSelected()}
                          disabled={!row.getCanSelect()}
                          onChange={() => row.toggleSelected()}
                        />
                      </Table.Td>
                    ) : null}
                    {columns.map((c) => (
                      // Figures stay on one line ('₹10.29 k', not '₹10.29' over 'k'); the table scrolls instead.
                      <Table.Td
                        key={c.id}
                        style={{ textAlign: c.align ?? 'left', whiteSpace: c.align === 'right' ? 'nowrap' : undefined }}
                        className={c.stickyEnd ? classes.stickyEnd : undefined}
                      >
                        {c.cell ? c.cell(row.original) : String(c.value(row.original) ?? '')}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>

      {paginate && pages === undefined && total > 0 ? (
        <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
          <Group gap="xs">
            <Select
              aria-label="Rows per page"
              data={(props.pageSizes ?? PAGE_SIZE_OPTIONS).map(String)}
              value={String(pageSize)}
              onChange={(v) => (server ? askServer({ pageSize: Number(v ?? PAGE_SIZE) }) : table.setPageSize(Number(v ?? PAGE_SIZE)))}
              allowDeselect={false}
              w={80}
              size="xs"
            />
            <Text size="sm" c="gray.7" aria-live="polite">
              Rows {first}–{last} of {total}
            </Text>
          </Group>
          <Pagination
            total={pageCount}
            value={pageIndex + 1}
            onChange={(page) => (server ? askServer({ page, pageSize }) : table.setPageIndex(page - 1))}
            size="sm"
            siblings={1}
            boundaries={1}
            {...pagerLabels}
          />
        </Group>
      ) : null}
      {pages && pages.totalPages > 1 ? (
        <Group justify="flex-end" mt="sm">
          <Pagination
            total={pages.totalPages}
            value={Math.min(pages.page, pages.totalPages)}
            onChange={pages.onPageChange}
            size="sm"
            siblings={1}
            boundaries={1}
            {...pagerLabels}
          />
        </Group>
      ) : null}
    </div>
  );
}

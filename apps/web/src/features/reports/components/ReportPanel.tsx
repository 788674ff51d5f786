import { useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Menu, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { comparisonLabel, PAGE_SIZE, type ReportRecord, type ReportResponse } from '@dossier/shared';
import { DataTable, type ServerPaging, type ServerQuery } from '../../../components/data-table/DataTable';
import { type DataTableColumn } from '../../../components/data-table/types';
import { reportsOf, useReport } from '../api/report';
import { useFilteredReport } from '../api/report-filter';
import { useDownloadReport } from '../api/report-download';
import { asOfText } from '../lib/as-of';
import { applyDropdown, cellText, dropdownOptions, reportColumns, type ReportColumn } from '../lib/columns';
import { filterBody } from '../lib/filtered-reports';
import { drillHref, filtersFor, hasFilters, reportApiQuery, type AppliedFilters } from '../lib/query-params';
import type { ReportScreenContext } from '../lib/screen-context';
import { MailReportMenu } from './MailReportMenu';
import { ReportCell } from './ReportCell';
import { IconDownload } from '@tabler/icons-react';
import { RowActions } from './RowActions';

interface Row {
  id: string;
  record: ReportRecord;
}

const ACTIONS_COLUMN = '__actions';

/** A download takes the screen's filters but not its paging: the file carries every row. */
const downloadQuery = ({ screen: _screen, ...query }: ReturnType<typeof reportApiQuery>) => query;
const WIDE_TEXT_COLUMNS = ['Name', 'Customer', 'Partner Name'];
// Text and links read from the left; figures line up on the right.
const LEFT_ALIGNED: readonly ReportColumn['kind'][] = ['text', 'pay', 'sales-view', 'link'];

function Tools({
  report,
  ctx,
  filters,
  search,
}: {
  report: ReportResponse;
  ctx: ReportScreenContext;
  filters: AppliedFilters;
  /** The table's search: the download carries only the rows it leaves. */
  search: string;
}) {
  const download = useDownloadReport();
  // Shown with or without rows: an empty report answers 'No Data Found !!' (and an email says so).
  const canEmail = report.email_report && report.user_email_report_access;
  const canDownload = report.download_report && report.user_download_report_access;
  if (!canEmail && !canDownload) return null;
  const range = {
    start_date: report.start_date,
    end_date: report.end_date,
    explicitDates: true,
    product_type_id: ctx.query.product_type_id,
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {canEmail ? <MailReportMenu report={report} ctx={ctx} filters={filters} /> : null}
      {canDownload ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="outline"
              size="sm"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={download.isPending}
              aria-label={`Download Report: ${report.report_name}`}
            >
              Download Report
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Menu.Item
                key={format}
                onClick={() =>
                  download.mutate({
                    reportId: report.report_id,
                    format,
                    query: { ...downloadQuery(reportApiQuery(range, filters, ctx.accountId)), ...(search ? { search } : {}) },
                  })
                }
              >
                {format === 'csv' ? 'CSV' : 'Excel (XLSX)'}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}

/**
 * The generic report table (docs/product/report-screens.md, 'Report table'). With saved insurer, state or
 * business type choices the report takes, its figures come from the report filter call.
 */
export function ReportPanel({
  report: pageReport,
  ctx,
  filter,
  dense = false,
}: {
  report: ReportResponse;
  ctx: ReportScreenContext;
  filter?: ReactNode;
  /** In a half-width card: compact cells, and columns only as wide as their figures and wrapped titles. */
  dense?: boolean;
}) {
  const applied = filtersFor(pageReport, ctx.filters);
  const filtered = hasFilters(applied);
  // Policy lists are paged on the server: this table asks for its own pages (filters in the query).
  const serverPaged = pageReport.paging !== undefined;
  const [pageWanted, setPageWanted] = useState<ServerQuery | null>(null);
  const wanted = pageWanted ?? { page: 1, pageSize: pageReport.paging?.page_size ?? PAGE_SIZE, sort: null, search: '' };
  // The page's own answer is the first page without saved filters: ask again only for another page,
  // order, search or filters.
  const pagedQuery = useReport(
    pageReport.report_id,
    {
      ...reportApiQuery(ctx.query, applied, ctx.accountId),
      page: wanted.page,
      page_size: wanted.pageSize,
      ...(wanted.sort ? { sort: wanted.sort.id, order: wanted.sort.desc ? 'desc' : 'asc' } : {}),
      ...(wanted.search ? { search: wanted.search } : {}),
    },
    { enabled: serverPaged && (filtered || pageWanted !== null) },
  );
  const query = useFilteredReport(pageReport.report_id, filterBody(ctx, applied), { enabled: filtered && !serverPaged });
  const pagedReport = pagedQuery.data && (filtered || pageWanted !== null) ? reportsOf(pagedQuery.data).reports[0] : undefined;
  const report = serverPaged ? (pagedReport ?? pageReport) : filtered ? (query.data ?? pageReport) : pageReport;
  const loading = serverPaged ? pagedQuery.isFetching : filtered && query.isFetching;
  const records = useMemo(
    () => (!serverPaged && filtered && !query.data ? [] : report.data.data.records),
    [serverPaged, filtered, query.data, report],
  );
  const serverPaging: ServerPaging | undefined = report.paging
    ? {
        page: report.paging.page,
        pageSize: report.paging.page_size,
        totalRows: report.paging.total_rows,
        onChange: setPageWanted,
      }
    : undefined;
  const [dropdown, setDropdown] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  const all = useMemo(() => reportColumns(report), [report]);
  const shown = applyDropdown(all, dropdown);
  const dropdownLabel = report.presentation.dropdown_filter;
  const actions = report.presentation.row_actions;
  const payKey = all.find((c) => c.kind === 'pay')?.key;
  const drillKey = shown.find((c) => c.key === 'User Id')?.key ?? shown[0]?.key;
  const linkRange = { start_date: report.start_date, end_date: report.end_date, product_type_id: ctx.query.product_type_id };
  const cellRange = { start_date: report.start_date, end_date: report.end_date };
  const comparison = comparisonLabel(report.comparison);

  const columns: DataTableColumn<Row>[] = shown.map((c: ReportColumn) => ({
    id: c.key,
    header: c.title,
    headerNote: c.kind.startsWith('growth') ? comparison : undefined,
    value: (row) => cellText(c, row.record[c.key]),
    // The server sends figures as numbers: they sort by value, text by text.
    sortValue: (row) => row.record[c.key] ?? null,
    sortable: c.sortable,
    // People's names wrap less.
    minWidth: WIDE_TEXT_COLUMNS.includes(c.key) && !dense ? 140 : undefined,
    align: LEFT_ALIGNED.includes(c.kind) ? 'left' : 'right',
    cell: (row) => (
      <ReportCell
        column={c}
        ctx={{
          record: row.record,
          drill: c.key === drillKey ? drillHref(report.meta, row.record, linkRange) : null,
          role: ctx.role,
          userCode: ctx.userCode,
          range: cellRange,
        }}
      />
    ),
  }));
  if (actions.length > 0) {
    const column: DataTableColumn<Row> = {
      id: ACTIONS_COLUMN,
      header: 'Actions',
      value: () => '',
      sortable: false,
      searchable: false,
      cell: (row) => <RowActions actions={actions} record={row.record} payKey={payKey} />,
    };
    // Policy-level actions on every row come first, so they stay in view when a wide table scrolls
    // sideways on a phone; an action only some rows have goes last.
    if (actions.includes('renewal-notice') || actions.includes('renewal-link')) columns.unshift(column);
    else columns.push({ ...column, stickyEnd: true });
  }
  const rows = useMemo(() => records.map((record, i) => ({ id: String(i), record })), [records]);
  const footnote = report.footnote;
  const asOf = asOfText(report.as_of);

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} h="100%" miw={0} component="section" aria-label={report.report_name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {report.report_name}
            </Title>
            {asOf ? (
              <Text size="xs" c="gray.7">
                {asOf}
              </Text>
            ) : null}
          </div>
          <Tools report={report} ctx={ctx} filters={applied} search={search} />
        </Group>
        {filter}
        <DataTable<Row>
          label={report.report_name}
          columns={columns}
          rows={rows}
          loading={loading}
          getRowId={(row) => row.id}
          paginate={report.presentation.paginated}
          {...(serverPaging ? { serverPaging } : {})}
          onSearch={setSearch}
          minWidth={dense ? 0 : Math.min(900, Math.max(320, columns.length * 88))}
          dense={dense}
          toolbar={
            dropdownLabel ? (
              <Select
                aria-label={dropdownLabel}
                placeholder={dropdownLabel}
                data={dropdownOptions(all)}
                value={dropdown}
                onChange={setDropdown}
                clearable
                searchable
                w={220}
                maw="100%"
              />
            ) : undefined
          }
        />
        {footnote ? (
          <Text size="xs" c="gray.7">
            Note: {footnote}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

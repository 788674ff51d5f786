import { Anchor, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Screen } from '../../../components/page/Screen';
import type { RenewalDuesLink, ReportResponse } from '@dossier/shared';
import { reportsOf, useReport } from '../api/report';
import { AppliedFilters } from '../components/AppliedFilters';
import { DateNotice } from '../components/DateNotice';
import { PageChart } from '../components/PageChart';
import { ProductFilter } from '../components/ProductFilter';
import { ReportMonthFilter, ReportRangeFilter } from '../components/ReportFilters';
import { ReportPanel } from '../components/ReportPanel';
import { ReportTrail } from '../components/ReportTrail';
import { SaveViewButton, viewState } from '../components/SaveViewButton';
import { HALF_WIDTH_SPAN } from '../lib/config';
import { filtersOnScreen } from '../lib/filtered-reports';
import { isPartnerCode, NO_FILTERS, reportApiQuery, reportSearch } from '../lib/query-params';
import { halfWidths } from '../lib/layout';
import type { ReportScreenContext } from '../lib/screen-context';
import { useReportScreen } from '../lib/use-report-screen';

export const NO_DATA = 'No data to display';

// Month reports (`date_mode: 'month'`) get the month picker: the end date becomes the chosen month's last day.
const isMonthReport = (r: ReportResponse) => r.date_mode === 'month';
/** The first table of each kind of period carries the picker; a Submit applies to the whole page. */
function pickerFor(reports: readonly ReportResponse[], index: number): 'range' | 'month' | null {
  const report = reports[index];
  if (!report) return null;
  const month = isMonthReport(report);
  return reports.findIndex((r) => isMonthReport(r) === month) === index ? (month ? 'month' : 'range') : null;
}

function Placeholder() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading reports">
      <Skeleton height={28} width="40%" />
      <Skeleton height={160} radius="md" />
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}

export interface ReportListProps {
  reports: readonly ReportResponse[];
  ctx: ReportScreenContext;
  showPicker: boolean;
  monthResetKey?: string;
}

/** The report tables of a page, each at its layout width, with its optional picker. */
export function ReportList({ reports, ctx, showPicker, monthResetKey }: ReportListProps) {
  const halves = halfWidths(reports);
  return (
    <Grid gap="md">
      {reports.map((report, index) => {
        const half = halves[index] ?? false;
        const picker = showPicker ? pickerFor(reports, index) : null;
        const filter =
          picker === 'month' ? (
            <ReportMonthFilter report={report} ctx={ctx} resetKey={monthResetKey} />
          ) : picker === 'range' ? (
            <ReportRangeFilter report={report} ctx={ctx} />
          ) : null;
        return (
          <Grid.Col key={report.report_id} span={half ? HALF_WIDTH_SPAN : 12} miw={0}>
            <ReportPanel report={report} ctx={ctx} filter={filter} dense={half} />
          </Grid.Col>
        );
      })}
    </Grid>
  );
}

/** Where the page's 'Renewal dues' link leads (its catalogue entry's): the account's dues, a partner's only where it says so. */
function renewalDuesHref(link: RenewalDuesLink | null, accountId: string | undefined, products: readonly number[]): string | null {
  if (!link) return null;
  if (link.partners_only && !isPartnerCode(accountId)) return null;
  return `/reports/${link.report_id}/${accountId ? encodeURIComponent(accountId) : ''}${reportSearch({ product_type_id: products })}`;
}

/**
 * Reports screen (docs/product/report-screens.md, 'Report page'; /reports/:id and /reports/:id/:accountId): breadcrumbs, product filter,
 * the page's chart, then its report tables; loading placeholders, then the data or 'No data to display'.
 */
export default function ReportsPage() {
  const params = useParams();
  const id = Number(params.id);
  const accountId = params.accountId;
  const ctx = useReportScreen(accountId);
  const valid = Number.isInteger(id) && id > 0;
  // Policy lists are paged on the server: asked as the screen, they answer the table's first page only.
  const { data, isPending, isPlaceholderData } = useReport(id, reportApiQuery(ctx.query, NO_FILTERS, accountId), { enabled: valid });
  const page = data ? reportsOf(data) : null;
  const first = page?.reports[0];
  // While the next account's page loads, the previous answer stays on screen: its name is not this account's.
  const accountName =
    !isPlaceholderData && first && accountId && first.account.account_id.toUpperCase() === accountId.toUpperCase()
      ? first.account.user_name
      : undefined;
  // The product filter shows where a report of the page takes it; breadcrumbs unless every report forgoes them.
  const productFilterShown = page !== null && page.reports.some((r) => r.product_filter);
  const breadcrumbsShown = page === null || page.reports.some((r) => r.presentation.breadcrumbs);
  const crumbSearch = reportSearch({ ...(ctx.query.explicitDates ? ctx.query : {}), product_type_id: ctx.query.product_type_id });
  // The link and the month reset are the page's: they show once its answer says so.
  const dues = renewalDuesHref(page?.presentation.renewal_dues ?? null, accountId, ctx.query.product_type_id);
  const monthReset = page?.presentation.month_reset ? `${id}|${accountId ?? ''}` : undefined;
  const accountLabel = first && accountId ? `${first.account.user_name} (${first.account.account_id})` : null;

  if (!valid) return <Text>{NO_DATA}</Text>;
  return (
    <Stack gap="md">
      <Screen
        title={page?.title ?? 'Reports'}
        subtitle={accountLabel}
        actions={
          <Group gap="sm">
            {dues ? (
              <Anchor component={Link} to={dues} size="sm" fw={600}>
                Renewal dues
              </Anchor>
            ) : null}
            <SaveViewButton
              disabled={!page}
              state={viewState('reports', id, accountId, ctx.query, filtersOnScreen(page?.reports ?? [], ctx.filters))}
            />
          </Group>
        }
      >
        <ReportTrail
          reportId={id}
          accountId={accountId}
          accountName={accountName}
          userCode={ctx.userCode}
          search={crumbSearch}
          hidden={!breadcrumbsShown}
        />
        {productFilterShown ? (
          <ProductFilter key={ctx.query.product_type_id.join(',')} value={ctx.query.product_type_id} onApply={ctx.applyProducts} />
        ) : null}
        {page ? <AppliedFilters filters={filtersOnScreen(page.reports, ctx.filters)} /> : null}
        <DateNotice notice={ctx.query.dateNotice} />
      </Screen>
      {isPending && valid ? (
        <Placeholder />
      ) : !page || page.reports.length === 0 ? (
        <Text>{NO_DATA}</Text>
      ) : (
        <>
          {page.reports.every((r) => r.presentation.chart === null) ? null : <PageChart reports={page.reports} ctx={ctx} />}
          <ReportList reports={page.reports} ctx={ctx} showPicker monthResetKey={monthReset} />
        </>
      )}
    </Stack>
  );
}

import { lazy, Suspense } from 'react';
import { useQueries } from '@tanstack/react-query';
import { formatRupee, kolkataToday, ReportResponse, runRate } from '@dossier/shared';
import { ChartPlaceholder } from '../../../components/charts/ChartPlaceholder';
import { TREND_CHART_HEIGHT } from '../../../components/charts/sizes';
import { reportQueryOptions } from '../api/report';
import { lastMonths, summaryTotal } from '../lib/chart-data';
import { reportApiQuery, type AppliedFilters } from '../lib/query-params';

const TrendChart = lazy(() => import('../../../components/charts/TrendChart'));

const MEASURE = 'Total Premium';
const TITLE = `${MEASURE}, last 12 months`;
const PROJECTED_LABEL = 'Projected';

/**
 * The summary page's chart: Total Premium for the twelve months up to the chosen period, under the tables'
 * saved filters.
 */
export function SummaryTrend({
  reportId,
  endDate,
  productTypeIds,
  filters,
  accountId,
  enabled = true,
}: {
  reportId: number;
  endDate: string;
  productTypeIds: readonly number[];
  /** The saved filters, as the business summary beside the chart takes them. */
  filters: AppliedFilters;
  accountId?: string;
  /** False until the viewer may be asked for these figures: the chart's place is held meanwhile. */
  enabled?: boolean;
}) {
  const months = lastMonths(endDate);
  const results = useQueries({
    queries: months.map((m) => ({
      ...reportQueryOptions(
        reportId,
        reportApiQuery(
          { start_date: m.start_date, end_date: m.end_date, explicitDates: true, product_type_id: [...productTypeIds] },
          filters,
          accountId,
        ),
      ),
      enabled,
    })),
  });
  if (results.some((r) => r.isPending))
    return <ChartPlaceholder title={TITLE} height={TREND_CHART_HEIGHT} label="Loading the premium trend" />;
  const points = months.map((m, i) => {
    const parsed = ReportResponse.safeParse(results[i]?.data);
    return { label: m.label, value: parsed.success ? summaryTotal(parsed.data, MEASURE) : 0 };
  });
  // The running month is month to date: its value reads 'MTD', and its projected end is drawn beside it
  // (docs/product/run-rate.md), so it never reads as a month that fell off a cliff.
  const today = kolkataToday();
  const running = months.at(-1);
  const current = points.at(-1);
  let projection: { label: string; value: number } | undefined;
  if (running && current && running.start_date <= today && today <= running.end_date) {
    projection = { label: PROJECTED_LABEL, value: runRate(current.value, null, today).projected };
  }
  return (
    <Suspense fallback={<ChartPlaceholder title={TITLE} height={TREND_CHART_HEIGHT} />}>
      <TrendChart title={TITLE} points={points} format={formatRupee} projection={projection} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { useQueries } from '@tanstack/react-query';
import { formatRupee, ReportResponse } from '@dossier/shared';
import { ChartPlaceholder } from '../../../components/charts/ChartPlaceholder';
import { TREND_CHART_HEIGHT } from '../../../components/charts/sizes';
import { reportQueryOptions } from '../api/report';
import { lastMonths, summaryTotal } from '../lib/chart-data';
import { reportApiQuery, type AppliedFilters } from '../lib/query-params';

const TrendChart = lazy(() => import('../../../components/charts/TrendChart'));

const MEASURE = 'Total Premium';
const TITLE = `${MEASURE}, last 12 months`;

/**
 * The summary page's chart: Total Premium month by month over the twelve months up to the chosen
 * period, from the business summary under the same saved filters as the tables (the roll-ups answer
 * each month from a few rows).
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
  return (
    <Suspense fallback={<ChartPlaceholder title={TITLE} height={TREND_CHART_HEIGHT} />}>
      <TrendChart title={TITLE} points={points} format={formatRupee} />
    </Suspense>
  );
}

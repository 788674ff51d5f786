import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import { formatRupee, type ReportResponse } from '@dossier/shared';
import { pageChart } from '../lib/chart-data';
import { useFilteredReports } from '../lib/filtered-reports';
import type { ReportScreenContext } from '../lib/screen-context';

// Charts load on demand, after the tables, so the first screen stays light.
const BarChart = lazy(() => import('../../../components/charts/BarChart'));
const count = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/**
 * The page's main measure as bars by row (docs/product/report-screens.md, 'Report page'), above the tables,
 * drawn from the same (filtered) answers as the tables.
 */
export function PageChart({ reports, ctx }: { reports: readonly ReportResponse[]; ctx: ReportScreenContext }) {
  const shown = useFilteredReports(reports, ctx);
  if (shown.pending) return <Skeleton height={160} radius="md" aria-label="Loading the chart" />;
  const chart = pageChart(shown.reports);
  if (!chart) return null;
  return (
    <Suspense fallback={<Skeleton height={160} radius="md" />}>
      <BarChart title={chart.title} points={chart.points} format={chart.currency ? formatRupee : (n) => count.format(n)} />
    </Suspense>
  );
}

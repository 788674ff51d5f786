import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import { formatRupee, type ReportResponse } from '@dossier/shared';
import { pageChart } from '../chart-data';

// Charts load on demand, after the tables, so the first screen stays light.
const BarChart = lazy(() => import('../../../components/charts/BarChart'));
const count = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** The page's main measure as bars by row (000 issue §7), above the tables. */
export function PageChart({ reports }: { reports: readonly ReportResponse[] }) {
  const chart = pageChart(reports);
  if (!chart) return null;
  return (
    <Suspense fallback={<Skeleton height={160} radius="md" />}>
      <BarChart title={chart.title} points={chart.points} format={chart.currency ? formatRupee : (n) => count.format(n)} />
    </Suspense>
  );
}

import { useDeferredValue } from 'react';
import { Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ReportResponse } from '@dossier/shared';
import { useReport } from '../api/report';
import { ReportPanel } from '../components/ReportPanel';
import { ReportTrail } from '../components/ReportTrail';
import { SummaryTrend } from '../components/SummaryTrend';
import { DASHBOARD_SCREEN_REPORT_IDS, HALF_WIDTH_SPAN, PANEL_PLACEHOLDER_HEIGHT } from '../config';
import { NO_FILTERS, reportApiQuery } from '../query-params';
import { useReportScreen } from '../use-report-screen';

const BUSINESS_DASHBOARD_ID = 1;

function Panel({ reportId, accountId }: { reportId: number; accountId?: string }) {
  const ctx = useReportScreen(accountId);
  const { data, isPending } = useReport(reportId, reportApiQuery(ctx.query, NO_FILTERS, accountId));
  // The table is drawn in a transition, in short slices, rather than in one long task as the answer
  // arrives (Lighthouse: total blocking time); until then the placeholder (or the previous table) stays.
  const shown = useDeferredValue(data);
  const report = ReportResponse.safeParse(shown);
  if (isPending || (shown === undefined && data !== undefined))
    return <Skeleton h={PANEL_PLACEHOLDER_HEIGHT} radius="md" aria-label="Loading report" />;
  if (!report.success) return <Text>No data to display</Text>;
  return <ReportPanel report={report.data} ctx={ctx} />;
}

/**
 * Dashboard screen (000 §2: /dashboard, /dashboard/:id, /dashboard/:id/:accountId): reports 13 and 11
 * side by side on wide screens, date picker hidden, with the premium trend above them.
 */
export default function DashboardPage() {
  const { accountId } = useParams();
  const ctx = useReportScreen(accountId);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Title order={1} size="h3">
          Dashboard
        </Title>
        {/* Drills from here start a fresh trail at Home (the Business Dashboard page). */}
        <ReportTrail reportId={BUSINESS_DASHBOARD_ID} userCode={ctx.userCode} search="" hidden />
      </Paper>
      <SummaryTrend
        reportId={DASHBOARD_SCREEN_REPORT_IDS[0]}
        endDate={ctx.query.end_date}
        productTypeIds={ctx.query.product_type_id}
        accountId={accountId}
      />
      <Grid gutter="md">
        {DASHBOARD_SCREEN_REPORT_IDS.map((id) => (
          <Grid.Col key={id} span={HALF_WIDTH_SPAN} miw={0}>
            <Panel reportId={id} accountId={accountId} />
          </Grid.Col>
        ))}
      </Grid>
    </Stack>
  );
}

import { useDeferredValue } from 'react';
import { Anchor, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { Screen } from '../../../components/page/Screen';
import { can, ReportResponse } from '@dossier/shared';
import { useBrief } from '../api/brief';
import { useReport } from '../api/report';
import { useViewerMenu } from '../api/viewer-role';
import { AppliedFilters } from '../components/AppliedFilters';
import { BriefMonthCard } from '../components/BriefMonthCard';
import { DateNotice } from '../components/DateNotice';
import { ReportPanel } from '../components/ReportPanel';
import { ReportTrail } from '../components/ReportTrail';
import { SaveViewButton, viewState } from '../components/SaveViewButton';
import { SummaryTrend } from '../components/SummaryTrend';
import { HALF_WIDTH_SPAN, PANEL_PLACEHOLDER_HEIGHT } from '../lib/config';
import { NO_FILTERS, reportApiQuery } from '../lib/query-params';
import { useReportScreen } from '../lib/use-report-screen';

/** The daily brief's month as a card on the viewer's own Dashboard (docs/product/brief.md), below the tables so nothing moves when it arrives. */
function MyDayCard() {
  const brief = useBrief();
  if (!brief.data) return null;
  return (
    <Stack gap={4}>
      <BriefMonthCard month={brief.data.month} title="My day" />
      <Anchor component={Link} to="/brief" size="sm">
        Open My day: slipping partners, renewals due and open work
      </Anchor>
    </Stack>
  );
}

/** Places held for the screen's two reports until the side menu names them. */
const PANEL_SLOTS = ['first', 'second'] as const;

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
  return <ReportPanel report={report.data} ctx={ctx} dense />;
}

/**
 * The Dashboard screen (docs/product/report-screens.md, 'Dashboard screen'): the side menu's two reports side by
 * side from 1200px with the premium trend above. The life-only role gets its first dashboard instead.
 */
export default function DashboardPage() {
  const { accountId } = useParams();
  const ctx = useReportScreen(accountId);
  const menu = useViewerMenu();
  // The screen's reports are business reports, which the life-only role 204 may not read.
  const lifeOnly = menu.data !== undefined && !can({ empRole: menu.data.user_details.emp_role }, 'business-reports');
  // Until the menu says who is looking (and which reports the screen shows), nothing is asked for.
  const screen = menu.data && !lifeOnly ? menu.data.dashboard_screen : undefined;
  const known = screen !== undefined;
  const summaryId = screen?.report_ids[0];
  // On a drill (/dashboard/:id/:accountId) the title names the account whose figures are shown; the business
  // summary's answer (the same request its panel makes) carries its name.
  const summary = useReport(summaryId ?? 0, reportApiQuery(ctx.query, NO_FILTERS, accountId), {
    enabled: summaryId !== undefined && accountId !== undefined,
  });
  const account = accountId ? ReportResponse.safeParse(summary.data).data?.account : undefined;
  const accountLabel = account ? `${account.user_name} (${account.account_id})` : null;
  if (lifeOnly) {
    const first = menu.data?.dashboards[0];
    return <Navigate to={first ? `/reports/${first.dashboard_id}/` : '/'} replace />;
  }
  return (
    <Stack gap="md">
      <Screen
        title={accountLabel ? `Dashboard: ${accountLabel}` : 'Dashboard'}
        tabTitle={{ screen: 'Dashboard', account: accountLabel }}
        actions={
          <SaveViewButton disabled={!screen} state={viewState('dashboard', screen?.dashboard_id ?? 0, accountId, ctx.query, ctx.filters)} />
        }
      >
        {/* Every figure below (the trend and both tables) takes all three saved filters. */}
        <AppliedFilters filters={ctx.filters} />
        <DateNotice notice={ctx.query.dateNotice} />
        {/* Drills from here start a fresh trail at Home (the Business Dashboard page). */}
        {screen ? <ReportTrail reportId={screen.dashboard_id} userCode={ctx.userCode} search="" hidden /> : null}
      </Screen>
      {/* Drawn (as its placeholder) before the menu says who is looking, so the tables below do not move
          down by its height when it arrives (Lighthouse: layout shift). */}
      <SummaryTrend
        reportId={summaryId ?? 0}
        endDate={ctx.query.end_date}
        productTypeIds={ctx.query.product_type_id}
        filters={ctx.filters}
        accountId={accountId}
        enabled={known}
      />
      <Grid gap="md">
        {screen
          ? screen.report_ids.map((id) => (
              <Grid.Col key={id} span={HALF_WIDTH_SPAN} miw={0}>
                <Panel reportId={id} accountId={accountId} />
              </Grid.Col>
            ))
          : PANEL_SLOTS.map((slot) => (
              <Grid.Col key={slot} span={HALF_WIDTH_SPAN} miw={0}>
                <Skeleton h={PANEL_PLACEHOLDER_HEIGHT} radius="md" aria-label="Loading report" />
              </Grid.Col>
            ))}
      </Grid>
      {known && accountId === undefined ? <MyDayCard /> : null}
    </Stack>
  );
}

import { useParams } from 'react-router';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import type { ReportResponse } from '@dossier/shared';
import { useSendReport } from '../api/send-report';
import { filterBody } from '../lib/filtered-reports';
import type { AppliedFilters } from '../lib/query-params';
import type { ReportScreenContext } from '../lib/screen-context';
import { IconMail } from '@tabler/icons-react';
import { openScheduleDialog } from './report-dialogs';

/**
 * The report's mail icon (docs/product/report-screens.md, 'Report email'): 'Send now' mails the table as shown,
 * 'Schedule…' subscribes to it, and on a dashboard 'Schedule dashboard…' subscribes to every table of the page.
 */
export function MailReportMenu({ report, ctx, filters }: { report: ReportResponse; ctx: ReportScreenContext; filters: AppliedFilters }) {
  const send = useSendReport();
  // /reports/{dashboard id}/ shows the dashboard's tables: the page's id is not this table's.
  const pageId = Number(useParams().id);
  const dashboardId = Number.isInteger(pageId) && pageId > 0 && pageId !== report.report_id ? pageId : null;
  const body = filterBody(ctx, filters);
  return (
    <Menu position="bottom-end" withinPortal>
      <Tooltip label="Email report" withinPortal>
        <Menu.Target>
          <ActionIcon variant="light" size="lg" aria-label={`Email ${report.report_name}`} loading={send.isPending}>
            <IconMail size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        <Menu.Item
          onClick={() =>
            // The filter set the table shows, with the period it shows.
            send.mutate({ ...body, data_records: report.report_id, start_date: report.start_date, end_date: report.end_date })
          }
        >
          Send now
        </Menu.Item>
        <Menu.Item onClick={() => openScheduleDialog({ reportId: report.report_id, reportName: report.report_name, filters: body })}>
          Schedule…
        </Menu.Item>
        {dashboardId ? (
          <Menu.Item
            onClick={() =>
              openScheduleDialog({ reportId: dashboardId, reportName: report.dashboard_name, filters: filterBody(ctx, ctx.filters) })
            }
          >
            Schedule dashboard…
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

import { useState } from 'react';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import type { ReportFilterBody, ReportResponse } from '@dossier/shared';
import { useSendReport } from '../api/send-report';
import { IconMail } from './report-icons';
import { ScheduleDialog } from './ScheduleDialog';

/**
 * The report's mail icon (docs/product/report-screens.md, 'Report email'; docs/product/subscriptions.md): 'Send now'
 * mails the table as it shows (its period included), 'Schedule…' subscribes to it with the filter body as is.
 */
export function MailReportMenu({ report, filters }: { report: ReportResponse; filters: ReportFilterBody }) {
  const send = useSendReport();
  const [scheduling, setScheduling] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Tooltip label="Email report" withinPortal>
          <Menu.Target>
            <ActionIcon variant="light" size="lg" aria-label={`Email ${report.report_name}`} loading={send.isPending}>
              <IconMail />
            </ActionIcon>
          </Menu.Target>
        </Tooltip>
        <Menu.Dropdown>
          <Menu.Item
            onClick={() =>
              // The filter set the table shows, with the period it shows.
              send.mutate({ ...filters, data_records: report.report_id, start_date: report.start_date, end_date: report.end_date })
            }
          >
            Send now
          </Menu.Item>
          <Menu.Item onClick={() => setScheduling(true)}>Schedule…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ScheduleDialog
        opened={scheduling}
        onClose={() => setScheduling(false)}
        reportId={report.report_id}
        reportName={report.report_name}
        filters={filters}
      />
    </>
  );
}

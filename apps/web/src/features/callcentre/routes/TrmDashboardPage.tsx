import { useState } from 'react';
import { Group, Paper, Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CallRecord, CaseStatus } from '@dossier/shared';
import { readStoredUser } from '../../../lib/session';
import { callCentreKeys } from '../../../lib/callcentre-keys';
import { useTrmCases } from '../api/trm-case-history';
import { openCallHistoryDialog, openConnectCallDialog } from '../../../components/call-dialogs/call-dialogs';
import { CasesTable } from '../components/CasesTable';
import { DateChoice } from '../components/DateChoice';
import { ListingCard } from '../components/ListingCard';
import { dateParam, INITIAL_DATE_FILTER, type DateFilter } from '../lib/date-filter';
import { kolkataToday as today } from '../../../lib/format';
import { Screen } from '../../../components/page/Screen';

const STATUS_OPTIONS = [
  { value: 'open', label: 'open' },
  { value: 'closed', label: 'close' },
];

/** TRM dashboard (route trm-dashboard, docs/product/callcentre.md, 'TRM dashboard'): the signed-in TRM's customer cases. */
export default function TrmDashboardPage() {
  const { code } = readStoredUser();
  const [dates, setDates] = useState<DateFilter>(INITIAL_DATE_FILTER);
  const [status, setStatus] = useState<CaseStatus>('open');
  const [page, setPage] = useState(1);
  const cases = useTrmCases(code, { date: dateParam(dates, today()), status, current_page: page }, { enabled: code !== '' });

  const changeDates = (next: DateFilter) => {
    if (next === dates) return;
    setDates(next);
    setPage(1);
  };
  const qc = useQueryClient();
  // Closing a call dialog refreshes the lists it may have changed.
  const refresh = () => void qc.invalidateQueries({ queryKey: callCentreKeys.all });
  const openHistory = (record: CallRecord) => openCallHistoryDialog(record, refresh);
  const openConnect = (record: CallRecord) => openConnectCallDialog({ className: 'trm-dashboard', callDataInfo: record }, refresh);

  return (
    <Screen title="TRM Dashboard" framed={false}>
      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateChoice value={dates} onChange={changeDates} />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(v) => {
              setStatus(v === 'closed' ? 'closed' : 'open');
              setPage(1);
            }}
            allowDeselect={false}
            w={140}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      </Paper>
      <ListingCard listing={cases.data} page={page} onPageChange={setPage}>
        {(paging) => (
          <CasesTable rows={cases.data?.data} loading={cases.isFetching} paging={paging} onOpenHistory={openHistory} onCall={openConnect} />
        )}
      </ListingCard>
    </Screen>
  );
}

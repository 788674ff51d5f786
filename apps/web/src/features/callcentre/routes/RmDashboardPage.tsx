import { useState, type MouseEvent } from 'react';
import { Group, Loader, Paper, Select, Stack } from '@mantine/core';
import type { LeadRow } from '@dossier/shared';
import { readStoredUser } from '../../../lib/session';
import { useLeads } from '../api/partner-listing';
import { usePartnersByRm } from '../api/partner-listing-by-rm';
import { CallHistoryPopup, type PopupAnchor } from '../components/CallHistoryPopup';
import { DateChoice } from '../components/DateChoice';
import { LeadCategoryBoxes } from '../components/LeadCategoryBoxes';
import { LeadsTable } from '../components/LeadsTable';
import { ListingCard } from '../components/ListingCard';
import { dateParam, INITIAL_DATE_FILTER, type DateFilter } from '../lib/date-filter';
import { kolkataToday as today } from '../../../lib/format';
import { Screen } from '../../../components/page/Screen';

/**
 * Advisor Connect Leads (route rm-dashboard, docs/product/callcentre.md, 'Advisor Connect Leads'): the signed-in RM's call-back leads. Every
 * filter change re-fetches with all the filters chosen so far, from page 1.
 */
export default function RmDashboardPage() {
  const { code } = readStoredUser();
  const [dates, setDates] = useState<DateFilter>(INITIAL_DATE_FILTER);
  const [partnerId, setPartnerId] = useState<number | null>(null);
  const [category, setCategory] = useState(0);
  const [page, setPage] = useState(1);
  const [popup, setPopup] = useState<PopupAnchor | null>(null);

  const date = dateParam(dates, today());
  const partners = usePartnersByRm(code, date, { enabled: code !== '' });
  const leads = useLeads(code, { date, partner_id: partnerId, call_status: category, current_page: page }, { enabled: code !== '' });

  const changeDates = (next: DateFilter) => {
    if (next === dates) return;
    setDates(next);
    setPage(1);
  };
  const openHistory = (row: LeadRow, e: MouseEvent<HTMLButtonElement>) =>
    setPopup({ caseId: row.case_id, pageX: e.pageX, pageY: e.pageY, clientX: e.clientX });

  return (
    <Screen title="Advisor Connect Leads" framed={false}>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          {partners.data ? (
            <LeadCategoryBoxes
              categories={partners.data.leadsData}
              value={category}
              onChange={(v) => {
                setCategory(v);
                setPage(1);
              }}
            />
          ) : (
            <Loader size="sm" aria-label="Loading lead categories" />
          )}
          <Group align="flex-end" gap="md" wrap="wrap">
            <DateChoice value={dates} onChange={changeDates} />
            <Select
              label="Advisor Name"
              placeholder="All advisors"
              data={(partners.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={partnerId === null ? null : String(partnerId)}
              onChange={(v) => {
                setPartnerId(v === null ? null : Number(v));
                setPage(1);
              }}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': 'Clear advisor', 'aria-hidden': false }}
              w={240}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        </Stack>
      </Paper>
      <ListingCard listing={leads.data} page={page} onPageChange={setPage}>
        {(paging) => <LeadsTable rows={leads.data?.data} loading={leads.isFetching} paging={paging} onOpenHistory={openHistory} />}
      </ListingCard>
      {popup ? <CallHistoryPopup anchor={popup} onClose={() => setPopup(null)} /> : null}
    </Screen>
  );
}

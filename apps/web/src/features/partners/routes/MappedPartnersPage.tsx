import '@mantine/dates/styles.css';
import { useState, type FormEvent } from 'react';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useNavigate, useSearchParams } from 'react-router';
import { kolkataToday, toDayMonthYear, type MappedPartner } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { firstPage, rowPaging } from '../../../components/data-table/server-query';
import { type DataTableColumn } from '../../../components/data-table/types';
import { parseQueryDate } from '../../../components/date-filters/range';
import { MobileLookupButton } from '../../../components/mobile-lookup/MobileLookupButton';
import { Screen } from '../../../components/page/Screen';
import { useMappedPartners } from '../api/mapped-partners';
import { useFetchReportingManagers } from '../api/reporting-managers';
import { showReporting } from '../components/reporting-dialog';

function AsOnFilter({ value }: { value: string }) {
  const [day, setDay] = useState<string | null>(value);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!day) return;
    const next = new URLSearchParams(params);
    next.set('selected_date', day);
    void navigate({ search: `?${next.toString()}` });
  };
  return (
    <form onSubmit={submit} aria-label="As on date">
      <Group gap="sm" align="flex-end">
        <DatePickerInput
          label="Mapped as on"
          required
          value={day}
          onChange={setDay}
          maxDate={kolkataToday()}
          valueFormat="DD/MM/YYYY"
          w={170}
        />
        <Button type="submit" disabled={!day}>
          Submit
        </Button>
      </Group>
    </form>
  );
}

/** Mapped Partners (docs/product/renewals.md, 'Mapped Partners'): partners mapped into the viewer's team as on selected_date (default today). */
export default function MappedPartnersPage() {
  const [params] = useSearchParams();
  const day = parseQueryDate(params.get('selected_date')) ?? kolkataToday();
  return (
    <Screen title="Mapped Partners">
      <AsOnFilter key={day} value={day} />
      {/* A new day starts again at the first page, with no sort or search. */}
      <MappedPartnersTable key={day} day={day} />
    </Screen>
  );
}

/** One page of the list at a time: the server sorts, searches and pages it. */
function MappedPartnersTable({ day }: { day: string }) {
  const [table, setTable] = useState(firstPage);
  const { data, isFetching } = useMappedPartners(toDayMonthYear(day), table);
  const fetchReporting = useFetchReportingManagers();
  const [checking, setChecking] = useState<string | null>(null);

  const checkReporting = async (code: string) => {
    setChecking(code);
    try {
      showReporting(await fetchReporting(code));
    } catch {
      // The query cache has already shown the error dialog.
    } finally {
      setChecking(null);
    }
  };

  const columns: DataTableColumn<MappedPartner>[] = [
    { id: 'name', header: 'Name', value: (r) => r.name },
    { id: 'code', header: 'Partner Code', value: (r) => r.pos_code },
    { id: 'li', header: 'Life POS Certified', value: (r) => (r.li_pos_status ? 'Yes' : 'No'), searchable: false },
    {
      id: 'reporting',
      header: 'Mapped RB FLS',
      value: () => 'Check Reporting',
      sortable: false,
      searchable: false,
      cell: (r) => (
        <Button
          size="compact-xs"
          variant="light"
          loading={checking === r.unique_code}
          onClick={() => void checkReporting(r.unique_code)}
          aria-label={`Check Reporting for ${r.name}`}
        >
          Check Reporting
        </Button>
      ),
    },
    {
      id: 'contact',
      header: 'Contact',
      value: () => '',
      sortable: false,
      searchable: false,
      align: 'center',
      cell: (r) => <MobileLookupButton partnerCode={r.unique_code} name={r.name} />,
    },
  ];

  return (
    <DataTable
      label="Mapped Partners"
      columns={columns}
      rows={data?.rows}
      loading={isFetching}
      getRowId={(r) => r.unique_code}
      serverPaging={rowPaging(table, data?.total ?? 0, setTable)}
      minWidth={640}
    />
  );
}

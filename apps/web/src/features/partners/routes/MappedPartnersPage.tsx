import '@mantine/dates/styles.css';
import { useState, type FormEvent } from 'react';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useNavigate, useSearchParams } from 'react-router';
import { kolkataToday, toDayMonthYear, type MappedPartner } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
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
  const { data, isLoading } = useMappedPartners(toDayMonthYear(day));
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
    { id: 'li', header: 'Life POS Certified', value: (r) => (r.li_pos_status ? 'Yes' : 'No') },
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
    <Screen title="Mapped Partners">
      <AsOnFilter key={day} value={day} />
      <DataTable label="Mapped Partners" columns={columns} rows={data} loading={isLoading} getRowId={(r) => r.unique_code} minWidth={640} />
    </Screen>
  );
}

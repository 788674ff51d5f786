import { useState } from 'react';
import { Alert, Button, Code, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ADMIN_PAGE_SIZES, AuditDownloadQuery, type AuditRow } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/types';
import { formatWhen } from '../../../components/sessions/session-format';
import { errorText } from '../../../lib/error-message';
import { useAuditDownload, useAuditTrail, type AuditFilterState } from '../api/audit';
import { AdminFrame } from '../components/AdminFrame';
import { limitOffsetPaging } from '../components/limit-offset-paging';

const EMPTY: AuditFilterState = { person: '', action: '', entity: '', entity_id: '', from: '', to: '' };

const checkFilter = schemaResolver(AuditDownloadQuery, { sync: true });

/** The filter as the request carries it: the filled fields only. */
const filled = (f: AuditFilterState) => Object.fromEntries((Object.entries(f) as [string, string][]).filter(([, v]) => v.trim() !== ''));

const changeText = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

const changeCell = (v: unknown) => (
  <Text size="xs" maw={220} style={{ overflowWrap: 'anywhere' }}>
    {changeText(v)}
  </Text>
);

const columns: DataTableColumn<AuditRow>[] = [
  {
    id: 'when',
    header: 'When',
    value: (r) => r.at,
    cell: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatWhen(r.at)}</span>,
  },
  { id: 'who', header: 'Who', value: (r) => (r.actor_login ? `${r.actor_name ?? ''} (${r.actor_login})` : 'system') },
  { id: 'action', header: 'Action', value: (r) => r.action, cell: (r) => <Code>{r.action}</Code> },
  { id: 'entity', header: 'Entity', value: (r) => `${r.entity}${r.entity_id ? ` ${r.entity_id}` : ''}` },
  { id: 'before', header: 'Before', value: (r) => changeText(r.before), cell: (r) => changeCell(r.before) },
  { id: 'after', header: 'After', value: (r) => changeText(r.after), cell: (r) => changeCell(r.after) },
  { id: 'address', header: 'Address', value: (r) => r.ip ?? '-' },
];

/** Audit trail (/admin/audit): every state change, refused access and phone reveal; filtered and paged on the server. */
export default function AuditPage() {
  const form = useForm<AuditFilterState>({
    mode: 'controlled',
    initialValues: EMPTY,
    // Checked as the request is sent, blanks left out; the first message per field stays until the next search.
    validate: (f) => checkFilter(filled(f)),
    clearInputErrorOnChange: false,
  });
  const [filter, setFilter] = useState<AuditFilterState>(EMPTY);
  const [paging, setPaging] = useState({ limit: 50, offset: 0 });
  const trail = useAuditTrail(filter, paging.limit, paging.offset);
  const download = useAuditDownload();
  const onSubmit = form.onSubmit((values) => {
    setFilter(values);
    setPaging((p) => ({ ...p, offset: 0 }));
  });

  return (
    <AdminFrame
      title="Audit trail"
      actions={
        <Button variant="default" loading={download.isPending} onClick={() => download.mutate(filter)}>
          Download CSV
        </Button>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Audit filters">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <TextInput label="Person" placeholder="Login, code or name" {...form.getInputProps('person')} />
          <Select
            label="Action"
            placeholder="Any action"
            searchable
            clearable
            data={trail.data?.actions ?? []}
            // The select holds '' for any action, as the text inputs do.
            value={form.getValues().action || null}
            onChange={(v) => form.setFieldValue('action', v ?? '')}
            error={form.errors.action}
          />
          <TextInput label="Entity" placeholder="e.g. employee, user" {...form.getInputProps('entity')} />
          <TextInput label="Entity id" {...form.getInputProps('entity_id')} />
          <TextInput label="From" type="date" {...form.getInputProps('from')} />
          <TextInput label="To" type="date" {...form.getInputProps('to')} />
        </SimpleGrid>
        <Group mt="sm" gap="xs">
          <Button type="submit">Search</Button>
          <Button
            variant="subtle"
            onClick={() => {
              form.reset();
              setFilter(EMPTY);
            }}
          >
            Clear
          </Button>
        </Group>
      </form>
      {download.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(download.error)}
        </Alert>
      ) : null}
      <DataTable
        label="Audit trail"
        columns={columns}
        rows={trail.data?.rows}
        loading={trail.isFetching}
        getRowId={(r) => r.id}
        search={false}
        sortable={false}
        pageSizes={ADMIN_PAGE_SIZES}
        serverPaging={limitOffsetPaging(paging, trail.data?.total ?? 0, setPaging)}
        minWidth={900}
      />
    </AdminFrame>
  );
}

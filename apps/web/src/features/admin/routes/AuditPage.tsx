import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { ADMIN_PAGE_SIZES, AuditDownloadQuery, type AuditRow } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/types';
import { formatWhen } from '../../../components/sessions/session-format';
import { errorText } from '../../../lib/error-message';
import { useAuditDownload, useAuditTrail, type AuditFilterState } from '../api/audit';
import { AdminFrame } from '../components/AdminFrame';
import { fieldErrors } from '../components/field-errors';
import { limitOffsetPaging } from '../components/limit-offset-paging';

const EMPTY: AuditFilterState = { person: '', action: '', entity: '', entity_id: '', from: '', to: '' };

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
  const [draft, setDraft] = useState<AuditFilterState>(EMPTY);
  const [filter, setFilter] = useState<AuditFilterState>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [paging, setPaging] = useState({ limit: 50, offset: 0 });
  const trail = useAuditTrail(filter, paging.limit, paging.offset);
  const download = useAuditDownload();
  const set = (key: keyof AuditFilterState) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = AuditDownloadQuery.safeParse(
      Object.fromEntries((Object.entries(draft) as [string, string][]).filter(([, v]) => v.trim() !== '')),
    );
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setFilter(draft);
    setPaging((p) => ({ ...p, offset: 0 }));
  }

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
          <TextInput
            label="Person"
            placeholder="Login, code or name"
            value={draft.person}
            onChange={(e) => set('person')(e.currentTarget.value)}
          />
          <Select
            label="Action"
            placeholder="Any action"
            searchable
            clearable
            data={trail.data?.actions ?? []}
            value={draft.action || null}
            onChange={(v) => set('action')(v ?? '')}
          />
          <TextInput
            label="Entity"
            placeholder="e.g. employee, user"
            value={draft.entity}
            onChange={(e) => set('entity')(e.currentTarget.value)}
          />
          <TextInput label="Entity id" value={draft.entity_id} onChange={(e) => set('entity_id')(e.currentTarget.value)} />
          <TextInput label="From" type="date" value={draft.from} onChange={(e) => set('from')(e.currentTarget.value)} error={errors.from} />
          <TextInput label="To" type="date" value={draft.to} onChange={(e) => set('to')(e.currentTarget.value)} error={errors.to} />
        </SimpleGrid>
        <Group mt="sm" gap="xs">
          <Button type="submit">Search</Button>
          <Button
            variant="subtle"
            onClick={() => {
              setDraft(EMPTY);
              setFilter(EMPTY);
              setErrors({});
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

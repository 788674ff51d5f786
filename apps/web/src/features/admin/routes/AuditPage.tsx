import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, Group, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { AuditDownloadQuery } from '@dossier/shared';
import { formatWhen } from '../../../components/sessions/session-format';
import { errorText } from '../../../lib/error-message';
import { useAuditDownload, useAuditTrail, type AuditFilterState } from '../api/audit';
import { AdminFrame } from '../components/AdminFrame';
import { fieldErrors } from '../components/field-errors';
import { ServerPager } from '../components/ServerPager';

const EMPTY: AuditFilterState = { person: '', action: '', entity: '', entity_id: '', from: '', to: '' };

const changeText = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** Audit trail (/admin/audit): every state change, refused access and phone reveal; filtered and paged on the server. */
export default function AuditPage() {
  const [draft, setDraft] = useState<AuditFilterState>(EMPTY);
  const [filter, setFilter] = useState<AuditFilterState>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [paging, setPaging] = useState({ limit: 50, offset: 0 });
  const trail = useAuditTrail(filter, paging.limit, paging.offset);
  const download = useAuditDownload();
  const rows = trail.data?.rows ?? [];
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
      <Table.ScrollContainer minWidth={900} type="native" tabIndex={0}>
        <Table verticalSpacing="xs" aria-label="Audit trail" aria-busy={trail.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Entity</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After</Table.Th>
              <Table.Th>Address</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWhen(r.at)}</Table.Td>
                <Table.Td>{r.actor_login ? `${r.actor_name ?? ''} (${r.actor_login})` : 'system'}</Table.Td>
                <Table.Td>
                  <Code>{r.action}</Code>
                </Table.Td>
                <Table.Td>
                  {r.entity}
                  {r.entity_id ? ` ${r.entity_id}` : ''}
                </Table.Td>
                <Table.Td maw={220} style={{ overflowWrap: 'anywhere' }}>
                  <Text size="xs">{changeText(r.before)}</Text>
                </Table.Td>
                <Table.Td maw={220} style={{ overflowWrap: 'anywhere' }}>
                  <Text size="xs">{changeText(r.after)}</Text>
                </Table.Td>
                <Table.Td>{r.ip ?? '-'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!trail.isPending && rows.length === 0 ? <Text c="gray.7">No data to display</Text> : null}
      <ServerPager total={trail.data?.total ?? 0} {...paging} onChange={setPaging} />
    </AdminFrame>
  );
}

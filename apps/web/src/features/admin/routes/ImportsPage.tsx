import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ADMIN_PAGE_SIZES, ApiKeyCreate, ImportEntity, type ApiKeyRow, type ImportRunRow } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { actionsColumn, type DataTableColumn } from '../../../components/data-table/types';
import { formatWhen } from '../../../components/sessions/session-format';
import { errorText } from '../../../lib/error-message';
import { useApiKeys, useCreateApiKey, useImportRuns, useRejectedRowsDownload, useRevokeApiKey } from '../api/imports';
import { AdminFrame } from '../components/AdminFrame';
import { ImportUploadForm } from '../components/ImportUploadForm';
import { limitOffsetPaging } from '../components/limit-offset-paging';

const resultText = (r: ImportRunRow) => (r.dry_run ? 'dry run' : r.applied ? (r.partial ? 'applied (partial)' : 'applied') : 'not applied');

const checkKey = schemaResolver(ApiKeyCreate, { sync: true });

/** The new key as the request carries it: the boxes in import order, so the scope reads the same on every key. */
const keyRequest = ({ name, entities }: { name: string; entities: string[] }) => ({
  name,
  entities: ImportEntity.options.filter((e) => entities.includes(e)),
});

/** An upload shows the employee's name with the login; the other ways their actor as recorded. */
const whoText = (r: ImportRunRow) => (r.actor_name ? `${r.actor_name} (${r.actor ?? '-'})` : (r.actor ?? '-'));

/** Imports and API keys (/admin/imports): what came in (who, when, which entity, the counts) and the ingestion keys. */
export default function ImportsPage() {
  const [paging, setPaging] = useState({ limit: 20, offset: 0 });
  const runs = useImportRuns(paging.limit, paging.offset);
  const rejected = useRejectedRowsDownload();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const keyForm = useForm({
    mode: 'controlled',
    initialValues: { name: '', entities: [] as string[] },
    // The first message per field, checked on the request; it stays until the next try.
    validate: (values) => checkKey(keyRequest(values)),
    clearInputErrorOnChange: false,
  });

  const runColumns = useMemo<DataTableColumn<ImportRunRow>[]>(
    () => [
      {
        id: 'when',
        header: 'When',
        value: (r) => r.started_at,
        cell: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatWhen(r.started_at)}</span>,
      },
      {
        id: 'who',
        header: 'Who',
        value: (r) => `${whoText(r)} (${r.source})`,
        cell: (r) => (
          <>
            {whoText(r)}{' '}
            <Text span size="xs" c="gray.7">
              ({r.source})
            </Text>
          </>
        ),
      },
      { id: 'entity', header: 'Entity', value: (r) => r.entity },
      {
        id: 'result',
        header: 'Result',
        value: (r) => resultText(r),
        cell: (r) => (
          <Badge size="sm" variant="light" color={r.applied ? 'green' : 'gray'}>
            {resultText(r)}
          </Badge>
        ),
      },
      { id: 'received', header: 'Received', value: (r) => r.received, align: 'right' },
      { id: 'inserted', header: 'Inserted', value: (r) => r.inserted, align: 'right' },
      { id: 'updated', header: 'Updated', value: (r) => r.updated, align: 'right' },
      { id: 'unchanged', header: 'Unchanged', value: (r) => r.unchanged, align: 'right' },
      {
        id: 'rejected',
        header: 'Rejected',
        value: (r) => r.rejected,
        align: 'right',
        cell: (r) =>
          r.rejected > 0 ? (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => rejected.mutate(r.id)}
              aria-label={`Download the ${r.rejected} rejected rows of import ${r.id}`}
            >
              {r.rejected} ↓
            </Button>
          ) : (
            0
          ),
      },
    ],
    [rejected],
  );
  const keyColumns = useMemo<DataTableColumn<ApiKeyRow>[]>(
    () => [
      { id: 'name', header: 'Name', value: (k) => k.name },
      { id: 'entities', header: 'May push', value: (k) => k.entities.join(', ') },
      { id: 'created', header: 'Created', value: (k) => formatWhen(k.created_at) },
      { id: 'lastUsed', header: 'Last used', value: (k) => (k.last_used_at ? formatWhen(k.last_used_at) : '-') },
      {
        id: 'status',
        header: 'Status',
        value: (k) => (k.revoked_at ? 'Revoked' : 'Active'),
        cell: (k) => (
          <Badge size="sm" variant="light" color={k.revoked_at ? 'gray' : 'green'}>
            {k.revoked_at ? 'Revoked' : 'Active'}
          </Badge>
        ),
      },
      actionsColumn((k) =>
        k.revoked_at ? null : (
          <Button size="xs" variant="subtle" color="red" disabled={revoke.isPending} onClick={() => revoke.mutate(k.name)}>
            Revoke
          </Button>
        ),
      ),
    ],
    [revoke],
  );

  // Validated by the schema already; parsing again applies its transforms (a trimmed name).
  const onCreate = keyForm.onSubmit((values) =>
    create.mutate(ApiKeyCreate.parse(keyRequest(values)), { onSuccess: () => keyForm.reset() }),
  );

  return (
    <AdminFrame title="Imports and API keys">
      <Title order={2} size="h4">
        Upload a file
      </Title>
      <ImportUploadForm />

      <Title order={2} size="h4" mt="md">
        Imports
      </Title>
      <DataTable
        label="Imports"
        columns={runColumns}
        rows={runs.data?.rows}
        loading={runs.isFetching}
        getRowId={(r) => r.id}
        search={false}
        sortable={false}
        pageSizes={ADMIN_PAGE_SIZES}
        serverPaging={limitOffsetPaging(paging, runs.data?.total ?? 0, setPaging)}
        emptyText="No imports yet: upload a file above, or use the dossier command, the ingestion API or a source connector."
        minWidth={860}
      />

      <Title order={2} size="h4" mt="md">
        Ingestion API keys
      </Title>
      <form onSubmit={onCreate} noValidate aria-label="New API key">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label="Key name" placeholder="e.g. crm-push" {...keyForm.getInputProps('name')} />
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
        <Checkbox.Group
          mt="sm"
          label="Entities the key may push"
          description="A key writes only these. Employees and users are people: name them only for a system that manages people."
          {...keyForm.getInputProps('entities')}
        >
          <Group gap="md" mt={6} wrap="wrap">
            {ImportEntity.options.map((e) => (
              <Checkbox key={e} value={e} label={e} />
            ))}
          </Group>
        </Checkbox.Group>
      </form>
      {create.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(create.error)}
        </Alert>
      ) : null}
      {create.data ? (
        <Alert color="yellow" variant="light" role="status" title={`Key ${create.data.name} created`}>
          <Stack gap={6}>
            <Text size="sm">Copy it now: it is shown this once and stored only as a hash.</Text>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {create.data.key}
            </Code>
            <CopyButton value={create.data.key}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy} w="fit-content">
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Alert>
      ) : null}
      <DataTable
        label="API keys"
        columns={keyColumns}
        rows={keys.data?.rows}
        loading={keys.isFetching}
        getRowId={(k) => k.name}
        search={false}
        sortable={false}
        paginate={false}
        emptyText="No API keys"
        minWidth={560}
      />
    </AdminFrame>
  );
}

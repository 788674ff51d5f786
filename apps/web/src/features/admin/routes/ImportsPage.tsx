import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ApiKeyCreate } from '@dossier/shared';
import { formatWhen } from '../../../components/sessions/session-format';
import { errorText } from '../../../lib/error-message';
import { useApiKeys, useCreateApiKey, useImportRuns, useRejectedRowsDownload, useRevokeApiKey } from '../api/imports';
import { AdminFrame } from '../components/AdminFrame';
import { fieldErrors } from '../components/field-errors';
import { ServerPager } from '../components/ServerPager';

/** Imports and API keys (/admin/imports): what came in (who, when, which entity, the counts) and the ingestion keys. */
export default function ImportsPage() {
  const [paging, setPaging] = useState({ limit: 20, offset: 0 });
  const runs = useImportRuns(paging.limit, paging.offset);
  const rejected = useRejectedRowsDownload();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const rows = runs.data?.rows ?? [];

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ApiKeyCreate.safeParse({ name });
    if (!parsed.success) return setNameError(fieldErrors(parsed.error).name);
    setNameError(undefined);
    create.mutate(parsed.data.name, { onSuccess: () => setName('') });
  }

  return (
    <AdminFrame title="Imports and API keys">
      <Title order={2} size="h4">
        Imports
      </Title>
      <Table.ScrollContainer minWidth={860} type="native" tabIndex={0}>
        <Table verticalSpacing="xs" aria-label="Imports" aria-busy={runs.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Entity</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th ta="right">Received</Table.Th>
              <Table.Th ta="right">Inserted</Table.Th>
              <Table.Th ta="right">Updated</Table.Th>
              <Table.Th ta="right">Unchanged</Table.Th>
              <Table.Th ta="right">Rejected</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWhen(r.started_at)}</Table.Td>
                <Table.Td>
                  {r.actor ?? '-'}{' '}
                  <Text span size="xs" c="gray.7">
                    ({r.source})
                  </Text>
                </Table.Td>
                <Table.Td>{r.entity}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={r.applied ? 'green' : 'gray'}>
                    {r.dry_run ? 'dry run' : r.applied ? (r.partial ? 'applied (partial)' : 'applied') : 'not applied'}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{r.received}</Table.Td>
                <Table.Td ta="right">{r.inserted}</Table.Td>
                <Table.Td ta="right">{r.updated}</Table.Td>
                <Table.Td ta="right">{r.unchanged}</Table.Td>
                <Table.Td ta="right">
                  {r.rejected > 0 ? (
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
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!runs.isPending && rows.length === 0 ? (
        <Text c="gray.7">No imports yet: use the dossier command, the ingestion API or a source connector.</Text>
      ) : null}
      <ServerPager total={runs.data?.total ?? 0} {...paging} onChange={setPaging} />

      <Title order={2} size="h4" mt="md">
        Ingestion API keys
      </Title>
      <form onSubmit={onCreate} noValidate aria-label="New API key">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Key name"
            placeholder="e.g. crm-push"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
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
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
        <Table verticalSpacing="xs" aria-label="API keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(keys.data?.rows ?? []).map((k) => (
              <Table.Tr key={k.name}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>{formatWhen(k.created_at)}</Table.Td>
                <Table.Td>{k.last_used_at ? formatWhen(k.last_used_at) : '-'}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={k.revoked_at ? 'gray' : 'green'}>
                    {k.revoked_at ? 'Revoked' : 'Active'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {k.revoked_at ? null : (
                    <Button size="xs" variant="subtle" color="red" disabled={revoke.isPending} onClick={() => revoke.mutate(k.name)}>
                      Revoke
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {keys.data && keys.data.rows.length === 0 ? <Text c="gray.7">No API keys</Text> : null}
    </AdminFrame>
  );
}

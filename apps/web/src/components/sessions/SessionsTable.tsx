import { Badge, Button, Text } from '@mantine/core';
import type { SessionRow } from '@dossier/shared';
import { DataTable } from '../data-table/DataTable';
import { actionsColumn, type DataTableColumn } from '../data-table/types';
import { describeDevice, formatWhen } from './session-format';

/** Live sessions: device, address, when started and last used; each can be ended. */
export function SessionsTable({
  rows,
  onRevoke,
  busy,
  currentLabel = 'This device',
}: {
  rows: readonly SessionRow[];
  onRevoke: (id: string) => void;
  busy: boolean;
  currentLabel?: string;
}) {
  if (rows.length === 0) return <Text c="gray.7">No active sessions</Text>;
  const columns: DataTableColumn<SessionRow>[] = [
    {
      id: 'device',
      header: 'Device',
      value: (s) => describeDevice(s.user_agent),
      cell: (s) => (
        <>
          {describeDevice(s.user_agent)}{' '}
          {s.method === 'oidc' ? (
            <Badge size="xs" variant="light" color="gray">
              company sign-in
            </Badge>
          ) : null}{' '}
          {s.current ? (
            <Badge size="xs" variant="light">
              {currentLabel}
            </Badge>
          ) : null}
        </>
      ),
    },
    { id: 'address', header: 'Address', value: (s) => s.ip ?? '-' },
    { id: 'signedIn', header: 'Signed in', value: (s) => formatWhen(s.created_at) },
    { id: 'lastUsed', header: 'Last used', value: (s) => formatWhen(s.last_used_at) },
    actionsColumn((s) => (
      <Button size="xs" variant="subtle" color="red" disabled={busy} onClick={() => onRevoke(s.id)}>
        Sign out
      </Button>
    )),
  ];
  return (
    <DataTable
      label="Active sessions"
      columns={columns}
      rows={rows}
      getRowId={(s) => s.id}
      search={false}
      sortable={false}
      paginate={false}
      minWidth={560}
    />
  );
}

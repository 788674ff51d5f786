import { Badge, Button, Table, Text } from '@mantine/core';
import type { SessionRow } from '@dossier/shared';
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
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
      <Table verticalSpacing="xs" aria-label="Active sessions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Device</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Signed in</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
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
              </Table.Td>
              <Table.Td>{s.ip ?? '-'}</Table.Td>
              <Table.Td>{formatWhen(s.created_at)}</Table.Td>
              <Table.Td>{formatWhen(s.last_used_at)}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="subtle" color="red" disabled={busy} onClick={() => onRevoke(s.id)}>
                  Sign out
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

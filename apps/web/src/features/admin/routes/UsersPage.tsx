import { useState } from 'react';
import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { formatWhen } from '../../../components/sessions/session-format';
import { useUsers } from '../api/users';
import { AdminFrame } from '../components/AdminFrame';
import { SearchAndStatus, useListFilter } from '../components/SearchAndStatus';
import { ServerPager } from '../components/ServerPager';
import { StatusBadge } from '../components/StatusBadge';
import { UserCreateDialog } from '../components/UserCreateDialog';
import { UserDrawer } from '../components/UserDrawer';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** Users (/admin/users): sign-in accounts, their access flags and sessions. ?new=<code> opens 'Add user' for that employee. */
export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const { query, paging, setPaging, controls } = useListFilter(params.get('q') ?? '');
  const [openId, setOpenId] = useState<number | null>(null);
  const creatingFor = params.get('new');
  const users = useUsers(query);
  const rows = users.data?.rows ?? [];
  const open = rows.find((u) => u.id === openId) ?? null;

  return (
    <AdminFrame title="Users" actions={<Button onClick={() => setParams({ new: '' })}>Add user</Button>}>
      <SearchAndStatus placeholder="Login, code or name" {...controls} />
      <Table.ScrollContainer minWidth={820} type="native" tabIndex={0}>
        <Table verticalSpacing="xs" aria-label="Users" aria-busy={users.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Login</Table.Th>
              <Table.Th>Employee</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Email reports</Table.Th>
              <Table.Th>Downloads</Table.Th>
              <Table.Th>Sessions</Table.Th>
              <Table.Th>Last used</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => setOpenId(u.id)}>
                    {u.login}
                  </Anchor>{' '}
                  {u.is_admin ? (
                    <Badge size="xs" variant="light" color="violet">
                      Admin
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/people/${encodeURIComponent(u.employee_code)}`}>
                    {u.employee_name}
                  </Anchor>{' '}
                  <Text span size="xs" c="gray.7">
                    {u.employee_code}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge active={u.active && u.employee_active} />
                </Table.Td>
                <Table.Td>{yesNo(u.email_report_access)}</Table.Td>
                <Table.Td>{yesNo(u.download_report_access)}</Table.Td>
                <Table.Td>{u.active_sessions}</Table.Td>
                <Table.Td>{u.last_used_at ? formatWhen(u.last_used_at) : '-'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!users.isPending && rows.length === 0 ? <Text c="gray.7">No data to display</Text> : null}
      <ServerPager total={users.data?.total ?? 0} {...paging} onChange={setPaging} />
      {open ? <UserDrawer user={open} onClose={() => setOpenId(null)} /> : null}
      {creatingFor !== null ? (
        <UserCreateDialog
          employeeCode={creatingFor}
          onClose={() => setParams({})}
          onSaved={(user) => {
            setParams({});
            controls.onSearch(user.login);
            setOpenId(user.id);
          }}
        />
      ) : null}
    </AdminFrame>
  );
}

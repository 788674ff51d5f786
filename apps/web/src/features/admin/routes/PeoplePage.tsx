import { useState } from 'react';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AdminFrame } from '../components/AdminFrame';
import { SearchAndStatus, useListFilter } from '../components/SearchAndStatus';
import { PersonFormDialog } from '../components/PersonFormDialog';
import { ServerPager } from '../components/ServerPager';
import { StatusBadge } from '../components/StatusBadge';
import { usePeople } from '../api/people';

/** People (/admin/people): every employee, searched and paged on the server. */
export default function PeoplePage() {
  const navigate = useNavigate();
  const { query, paging, setPaging, controls } = useListFilter();
  const [adding, setAdding] = useState(false);
  const people = usePeople(query);
  const rows = people.data?.rows ?? [];

  return (
    <AdminFrame title="People" actions={<Button onClick={() => setAdding(true)}>Add employee</Button>}>
      <SearchAndStatus placeholder="Code, name or email" {...controls} />
      <Table.ScrollContainer minWidth={760} type="native" tabIndex={0}>
        <Table verticalSpacing="xs" aria-label="People" aria-busy={people.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Designation</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Zone</Table.Th>
              <Table.Th>Manager</Table.Th>
              <Table.Th>User</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.code}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/people/${encodeURIComponent(p.code)}`}>
                    {p.code}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.designation}</Table.Td>
                <Table.Td>{p.emp_role}</Table.Td>
                <Table.Td>{p.zone ?? '-'}</Table.Td>
                <Table.Td>{p.manager_name ? `${p.manager_name} (${p.manager_code})` : '-'}</Table.Td>
                <Table.Td>{p.user_login ?? '-'}</Table.Td>
                <Table.Td>
                  <StatusBadge active={p.active} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!people.isPending && rows.length === 0 ? <Text c="gray.7">No data to display</Text> : null}
      <ServerPager total={people.data?.total ?? 0} {...paging} onChange={setPaging} />
      {adding ? (
        <PersonFormDialog
          opened
          onClose={() => setAdding(false)}
          onSaved={(detail) => {
            setAdding(false);
            void navigate(`/admin/people/${encodeURIComponent(detail.person.code)}`);
          }}
        />
      ) : null}
    </AdminFrame>
  );
}

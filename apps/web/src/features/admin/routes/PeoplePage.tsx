import { Anchor, Button } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ADMIN_PAGE_SIZES, roleName, type PersonRow } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/types';
import { AdminFrame } from '../components/AdminFrame';
import { SearchAndStatus, useListFilter } from '../components/SearchAndStatus';
import { openPersonFormDialog } from '../components/admin-dialogs';
import { limitOffsetPaging } from '../components/limit-offset-paging';
import { StatusBadge } from '../components/StatusBadge';
import { usePeople } from '../api/people';

const columns: DataTableColumn<PersonRow>[] = [
  {
    id: 'code',
    header: 'Code',
    value: (p) => p.code,
    cell: (p) => (
      <Anchor component={Link} to={`/admin/people/${encodeURIComponent(p.code)}`}>
        {p.code}
      </Anchor>
    ),
  },
  { id: 'name', header: 'Name', value: (p) => p.name },
  { id: 'designation', header: 'Designation', value: (p) => roleName(p.designation) },
  { id: 'role', header: 'Role', value: (p) => roleName(p.emp_role) },
  { id: 'zone', header: 'Zone', value: (p) => p.zone ?? '-' },
  { id: 'manager', header: 'Manager', value: (p) => (p.manager_name ? `${p.manager_name} (${p.manager_code})` : '-') },
  { id: 'user', header: 'User', value: (p) => p.user_login ?? '-' },
  { id: 'status', header: 'Status', value: (p) => p.active, cell: (p) => <StatusBadge active={p.active} /> },
];

/** People (/admin/people): every employee, searched and paged on the server. */
export default function PeoplePage() {
  const navigate = useNavigate();
  const { query, paging, setPaging, controls } = useListFilter();
  const people = usePeople(query);

  return (
    <AdminFrame
      title="People"
      actions={
        <Button
          onClick={() =>
            openPersonFormDialog(undefined, (detail) => void navigate(`/admin/people/${encodeURIComponent(detail.person.code)}`))
          }
        >
          Add employee
        </Button>
      }
    >
      <SearchAndStatus placeholder="Code, name or email" {...controls} />
      <DataTable
        label="People"
        columns={columns}
        rows={people.data?.rows}
        loading={people.isFetching}
        getRowId={(p) => p.code}
        search={false}
        sortable={false}
        pageSizes={ADMIN_PAGE_SIZES}
        serverPaging={limitOffsetPaging(paging, people.data?.total ?? 0, setPaging)}
        minWidth={760}
      />
    </AdminFrame>
  );
}

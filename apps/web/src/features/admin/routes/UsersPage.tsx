import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Anchor, Badge, Button, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZES, type AdminUser } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/types';
import { formatWhen } from '../../../components/sessions/session-format';
import { useUsers } from '../api/users';
import { AdminFrame } from '../components/AdminFrame';
import { SearchAndStatus, useListFilter } from '../components/SearchAndStatus';
import { limitOffsetPaging } from '../components/limit-offset-paging';
import { StatusBadge } from '../components/StatusBadge';
import { openUserCreateDialog } from '../components/admin-dialogs';
import { UserDrawer } from '../components/UserDrawer';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** Users (/admin/users): sign-in accounts, their access flags and sessions. ?new=<code> opens 'Add user' for that employee. */
export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const { query, paging, setPaging, controls } = useListFilter(params.get('q') ?? '');
  const [openId, setOpenId] = useState<number | null>(null);
  const creatingFor = params.get('new');
  const users = useUsers(query);
  // The address asks for 'Add user'; closing it, however, takes ?new= off, and saving shows the new user.
  const showCreated = useEffectEvent((user: AdminUser) => {
    controls.onSearch(user.login);
    setOpenId(user.id);
  });
  useEffect(() => {
    if (creatingFor === null) return;
    openUserCreateDialog(creatingFor, { onClosed: () => setParams({}), onSaved: (user) => showCreated(user) });
  }, [creatingFor, setParams]);
  const open = users.data?.rows.find((u) => u.id === openId) ?? null;
  const columns = useMemo<DataTableColumn<AdminUser>[]>(
    () => [
      {
        id: 'login',
        header: 'Login',
        value: (u) => u.login,
        cell: (u) => (
          <>
            <Anchor component="button" type="button" onClick={() => setOpenId(u.id)}>
              {u.login}
            </Anchor>{' '}
            {u.is_admin ? (
              <Badge size="xs" variant="light" color="violet">
                Admin
              </Badge>
            ) : null}
          </>
        ),
      },
      {
        id: 'employee',
        header: 'Employee',
        value: (u) => u.employee_name,
        cell: (u) => (
          <>
            <Anchor component={Link} to={`/admin/people/${encodeURIComponent(u.employee_code)}`}>
              {u.employee_name}
            </Anchor>{' '}
            <Text span size="xs" c="gray.7">
              {u.employee_code}
            </Text>
          </>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        value: (u) => u.active && u.employee_active,
        cell: (u) => <StatusBadge active={u.active && u.employee_active} />,
      },
      { id: 'email', header: 'Email reports', value: (u) => yesNo(u.email_report_access) },
      { id: 'downloads', header: 'Downloads', value: (u) => yesNo(u.download_report_access) },
      { id: 'sessions', header: 'Sessions', value: (u) => u.active_sessions },
      { id: 'lastUsed', header: 'Last used', value: (u) => (u.last_used_at ? formatWhen(u.last_used_at) : '-') },
    ],
    [],
  );

  return (
    <AdminFrame title="Users" actions={<Button onClick={() => setParams({ new: '' })}>Add user</Button>}>
      <SearchAndStatus placeholder="Login, code or name" {...controls} />
      <DataTable
        label="Users"
        columns={columns}
        rows={users.data?.rows}
        loading={users.isFetching}
        getRowId={(u) => String(u.id)}
        search={false}
        sortable={false}
        pageSizes={ADMIN_PAGE_SIZES}
        serverPaging={limitOffsetPaging(paging, users.data?.total ?? 0, setPaging)}
        minWidth={820}
      />
      {open ? <UserDrawer user={open} onClose={() => setOpenId(null)} /> : null}
    </AdminFrame>
  );
}

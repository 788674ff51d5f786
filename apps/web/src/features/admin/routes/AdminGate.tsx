import { Alert, Skeleton } from '@mantine/core';
import { Outlet } from 'react-router';
import { Screen } from '../../../components/page/Screen';
import { useAdminMe } from '../api/me';

/**
 * Every /admin address (docs/product/administration.md): non-administrators get one refusal on the page and the
 * screen is not rendered, so no call of it raises a 403 dialog over the refusal.
 */
export default function AdminGate() {
  const me = useAdminMe();
  if (me.isPending) return <Skeleton height={200} radius="md" />;
  if (!me.data?.is_admin) {
    return (
      <Screen title="Administration">
        <Alert color="red" variant="light" role="alert">
          Administration is for administrators only.
        </Alert>
      </Screen>
    );
  }
  return <Outlet />;
}

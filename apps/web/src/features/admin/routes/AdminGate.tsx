import { Alert, Skeleton } from '@mantine/core';
import { Outlet } from 'react-router';
import { Screen } from '../../../components/page/Screen';
import { useAdminMe } from '../api/me';

/**
 * Every /admin address, before its screen (docs/product/administration.md): administrators get the screen, everyone else one refusal on the
 * page. The screen is not even rendered for them, so none of its calls is made and no 403 opens the error
 * dialog over the refusal.
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

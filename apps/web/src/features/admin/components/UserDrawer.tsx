import { Alert, Button, Drawer, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { AdminUser } from '@dossier/shared';
import { SessionsTable } from '../../../components/sessions/SessionsTable';
import { errorText } from '../../../lib/error-message';
import { useRevokeUserSessions, useSendPasswordLink, useSetUserActive, useUpdateUser, useUserSessions } from '../api/users';
import { openConfirmDeactivation } from './admin-dialogs';
import { StatusBadge } from './StatusBadge';

/** One user: access flags, admin flag, deactivate, password link, live sessions. */
export function UserDrawer({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const update = useUpdateUser(user.id);
  const setActive = useSetUserActive(user.id);
  const link = useSendPasswordLink(user.id);
  const sessions = useUserSessions(user.id);
  const revoke = useRevokeUserSessions(user.id);
  const failure = [update, setActive, link, revoke].find((m) => m.isError)?.error;

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={`${user.employee_name} (${user.login})`}
    >
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(failure)}
          </Alert>
        ) : null}
        {link.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            A one-time link to set a password was mailed to {link.data.sent_to}.
          </Alert>
        ) : null}
        <Group gap="xs">
          <StatusBadge active={user.active && user.employee_active} />
          <Text size="sm" c="gray.7">
            {user.employee_code} · {user.email} · {user.has_password ? 'has a password' : 'no password (company sign-in)'}
          </Text>
        </Group>
        <Stack gap={6}>
          <Switch
            label="May email reports"
            checked={user.email_report_access}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ email_report_access: e.currentTarget.checked })}
          />
          <Switch
            label="May download reports"
            checked={user.download_report_access}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ download_report_access: e.currentTarget.checked })}
          />
          <Switch
            label="Administrator"
            checked={user.is_admin}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ is_admin: e.currentTarget.checked })}
          />
        </Stack>
        <Group gap="xs">
          <Button
            variant="light"
            color={user.active ? 'red' : 'green'}
            loading={setActive.isPending}
            onClick={() =>
              user.active
                ? openConfirmDeactivation({ kind: 'user', who: user.login, onConfirm: () => setActive.mutate(false) })
                : setActive.mutate(true)
            }
          >
            {user.active ? 'Deactivate user' : 'Activate user'}
          </Button>
          <Button variant="default" loading={link.isPending} onClick={() => link.mutate(undefined)} disabled={!user.active}>
            Mail a password link
          </Button>
        </Group>
        <Group justify="space-between">
          <Title order={3} size="h5">
            Active sessions
          </Title>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={revoke.isPending || (sessions.data?.rows.length ?? 0) === 0}
            onClick={() => revoke.mutate(undefined)}
          >
            Sign out everywhere
          </Button>
        </Group>
        <SessionsTable
          rows={sessions.data?.rows ?? []}
          busy={revoke.isPending}
          onRevoke={(id) => revoke.mutate(id)}
          currentLabel="Your session"
        />
      </Stack>
    </Drawer>
  );
}

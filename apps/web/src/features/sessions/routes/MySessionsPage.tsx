import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Screen } from '../../../components/page/Screen';
import { useMySessions, useRevokeMySessions } from '../api/my-sessions';
import { SessionsTable } from '../../../components/sessions/SessionsTable';

/** My sessions (/sessions): where I am signed in, and 'Sign out everywhere'. */
export default function MySessionsPage() {
  const { data, isPending } = useMySessions();
  const revoke = useRevokeMySessions();
  return (
    <Screen
      title="My sessions"
      actions={
        <Button
          color="red"
          variant="light"
          onClick={() => revoke.mutate(undefined)}
          loading={revoke.isPending && revoke.variables === undefined}
        >
          Sign out everywhere
        </Button>
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          Every device and browser where you are signed in. Signing out everywhere ends this session too.
        </Text>
        {isPending ? (
          <Group>
            <Skeleton height={120} />
          </Group>
        ) : (
          <SessionsTable rows={data?.rows ?? []} busy={revoke.isPending} onRevoke={(id) => revoke.mutate(id)} />
        )}
      </Stack>
    </Screen>
  );
}

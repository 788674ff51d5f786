import { Button, Group, List, Stack, Text } from '@mantine/core';

/**
 * Asked before a user or an employee is deactivated: what happens is said before it happens, because their
 * sessions end and their scheduled mails pause at once.
 */
export function ConfirmDeactivation({
  kind,
  onConfirm,
  onClose,
}: {
  kind: 'user' | 'employee';
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Stack gap="sm">
      <List size="sm" spacing={4}>
        <List.Item>
          {kind === 'user' ? 'Every session of this user ends at once.' : "Every session of this person's user ends at once."}
        </List.Item>
        <List.Item>They can no longer sign in.</List.Item>
        <List.Item>Their scheduled report mails pause; they can resume them once activated again.</List.Item>
      </List>
      <Text size="sm">Activate undoes the deactivation.</Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          Deactivate
        </Button>
      </Group>
    </Stack>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import type { SavedView } from '@dossier/shared';
import { Refusal } from '../../../components/form-actions/FormActions';
import { useDeleteView } from '../api/delete-view';

/** 'Delete view': what deleting ends, then Keep or Delete; a refusal shows here. */
export function DeleteViewDialog({ view, onClose }: { view: Pick<SavedView, 'id' | 'name'>; onClose: () => void }) {
  const remove = useDeleteView();
  return (
    <Stack gap="sm">
      <Text size="sm">
        Delete <b>{view.name}</b>? Links to it stop working for everyone, and the colleagues it is shared with no longer see it.
      </Text>
      <Refusal error={remove.error} title="Not deleted" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Keep
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(view.id, { onSuccess: onClose })}>
          Delete
        </Button>
      </Group>
    </Stack>
  );
}

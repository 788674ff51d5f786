import { useState } from 'react';
import { Alert, Autocomplete, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ViewRecipient } from '@dossier/shared';
import { errorText } from '../../../lib/error-message';
import { useColleagues } from '../api/colleagues';
import { useMyViews } from '../api/my-views';
import { useShareView, useUnshareView } from '../api/share-view';

const SEARCH_DELAY_MS = 250;

function RecipientRow({ recipient, pending, onRemove }: { recipient: ViewRecipient; pending: boolean; onRemove: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" role="listitem">
      <div>
        <Text size="sm" fw={600}>
          {recipient.name} ({recipient.code})
        </Text>
        <Group gap={6}>
          <Text size="xs" c="gray.7">
            {recipient.login}
          </Text>
          {recipient.active ? null : (
            <Badge size="xs" color="gray" variant="light">
              Inactive
            </Badge>
          )}
        </Group>
      </div>
      <Button size="compact-xs" variant="subtle" color="red" disabled={pending} onClick={onRemove} aria-label={`Remove ${recipient.name}`}>
        Remove
      </Button>
    </Group>
  );
}

/**
 * The owner's share dialog (docs/product/views.md, 'Sharing a view'): colleagues are found by name, login or code
 * and added at once; each recipient can be removed. The view is read from My views, so the list follows each change.
 */
export function ShareViewDialog({ viewId, onClose }: { viewId: string; onClose: () => void }) {
  const view = useMyViews().data?.find((v) => v.id === viewId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const colleagues = useColleagues(debounced);
  const share = useShareView();
  const unshare = useUnshareView();
  const recipients = view?.shared_with ?? [];
  const options = (colleagues.data ?? [])
    .filter((c) => !recipients.some((r) => r.user_id === c.user_id))
    .map((c) => ({ value: String(c.user_id), label: `${c.name} (${c.code})` }));
  const error = share.error ?? unshare.error;

  const add = (value: string) => {
    unshare.reset();
    // The field keeps the name until the share is made, so a refusal reads beside it.
    share.mutate({ id: viewId, userId: Number(value) }, { onSuccess: () => setSearch('') });
  };
  const remove = (recipient: ViewRecipient) => {
    share.reset();
    unshare.mutate({ id: viewId, userId: recipient.user_id });
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        Share <b>{view?.name}</b> with colleagues of your team or your managers. They find it under My views, &lsquo;Shared with me&rsquo;,
        and see the figures of their own team.
      </Text>
      <Autocomplete
        label="Add a colleague"
        placeholder="Name, login or code"
        data-autofocus
        value={search}
        onChange={setSearch}
        data={options}
        // The server searched already: every option it answered is shown.
        filter={({ options: all }) => all}
        onOptionSubmit={add}
        disabled={share.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      {error ? (
        <Alert color="red" variant="light" role="alert" title="Not shared">
          {errorText(error)}
        </Alert>
      ) : null}
      <Text size="sm" fw={600} id="view-recipients">
        Shared with
      </Text>
      {recipients.length === 0 ? (
        <Text size="sm" c="gray.7">
          Nobody yet
        </Text>
      ) : (
        <Stack gap={6} role="list" aria-labelledby="view-recipients">
          {recipients.map((r) => (
            <RecipientRow key={r.user_id} recipient={r} pending={unshare.isPending} onRemove={() => remove(r)} />
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}

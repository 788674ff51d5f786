import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { DataTable } from '../../../components/data-table/DataTable';
import { formatDateTime12 } from '../../../lib/format';
import { useDismissView } from '../api/dismiss-view';
import { useSharedViews } from '../api/shared-views';
import { viewColumns } from './view-columns';

/**
 * 'Shared with me' (docs/product/views.md): the views colleagues shared with the viewer, each to open (with the
 * viewer's own figures) or to take off the list; never to edit.
 */
export function SharedWithMe() {
  const { data, isLoading } = useSharedViews();
  const dismiss = useDismissView();
  const [removed, setRemoved] = useState('');

  const columns = viewColumns({
    about: (v) => (
      <>
        Shared by {v.shared_by?.name} ({v.shared_by?.code}), {v.shared_by ? formatDateTime12(v.shared_by.shared_at) : ''}
      </>
    ),
    searchText: (v) => `${v.name} ${v.description ?? ''} ${v.shared_by?.name ?? ''}`,
    topAccount: 'Your own top',
    buttons: (v) => (
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        disabled={dismiss.isPending}
        onClick={() => dismiss.mutate(v.id, { onSuccess: (res) => setRemoved(res.message) })}
        aria-label={`Remove ${v.name} from my list`}
      >
        Remove
      </Button>
    ),
  });

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Shared with me
      </Title>
      <Text size="sm" c="gray.7">
        Views colleagues shared with you. They open with their filters and the figures of your own team; only the person who saved one can
        change it.
      </Text>
      <Text size="sm" c="teal.9" role="status" aria-live="polite" mih={20}>
        {removed}
      </Text>
      <DataTable
        label="Shared with me"
        columns={columns}
        rows={data}
        loading={isLoading}
        getRowId={(v) => v.id}
        minWidth={760}
        emptyText="Nothing shared with you yet"
        searchWhenEmpty={false}
      />
    </Stack>
  );
}

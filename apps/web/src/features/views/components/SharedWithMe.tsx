import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { SavedView } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { type DataTableColumn } from '../../../components/data-table/types';
import { formatDateTime12 } from '../../../lib/format';
import { useDismissView } from '../api/dismiss-view';
import { useSharedViews } from '../api/shared-views';
import { filtersText, periodText, viewPath } from '../lib/view-address';
import { ViewName } from './ViewName';

/**
 * 'Shared with me' (docs/product/views.md): the views colleagues shared with the viewer, each to open (with the
 * viewer's own figures) or to take off the list; never to edit.
 */
export function SharedWithMe() {
  const { data, isLoading } = useSharedViews();
  const navigate = useNavigate();
  const dismiss = useDismissView();
  const [removed, setRemoved] = useState('');

  const columns: DataTableColumn<SavedView>[] = [
    {
      id: 'name',
      header: 'Name',
      value: (v) => v.name,
      searchText: (v) => `${v.name} ${v.description ?? ''} ${v.shared_by?.name ?? ''}`,
      minWidth: 180,
      cell: (v) => (
        <ViewName view={v}>
          Shared by {v.shared_by?.name} ({v.shared_by?.code}), {v.shared_by ? formatDateTime12(v.shared_by.shared_at) : ''}
        </ViewName>
      ),
    },
    { id: 'page', header: 'Page', value: (v) => v.report_name, minWidth: 140 },
    { id: 'account', header: 'Account', value: (v) => v.account_id ?? 'Your own top' },
    { id: 'period', header: 'Period', value: (v) => periodText(v), sortValue: (v) => v.start_date ?? '', minWidth: 120 },
    { id: 'filters', header: 'Filters', value: (v) => filtersText(v), minWidth: 180 },
    {
      id: 'actions',
      header: 'Actions',
      value: () => '',
      sortable: false,
      searchable: false,
      stickyEnd: true,
      cell: (v) => (
        <Stack gap={2} align="stretch">
          <Button size="compact-xs" variant="light" onClick={() => void navigate(viewPath(v.id))} aria-label={`Open ${v.name}`}>
            Open
          </Button>
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
        </Stack>
      ),
    },
  ];

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

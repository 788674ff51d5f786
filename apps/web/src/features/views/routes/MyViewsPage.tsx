import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { type SavedView } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { type DataTableColumn } from '../../../components/data-table/types';
import { Screen } from '../../../components/page/Screen';
import { formatDateTime12 } from '../../../lib/format';
import { useMyViews } from '../api/my-views';
import { openDeleteViewDialog, openEditViewDialog, openShareViewDialog } from '../components/view-dialogs';
import { SharedWithMe } from '../components/SharedWithMe';
import { ViewName } from '../components/ViewName';
import { filtersText, periodText, viewPath } from '../lib/view-address';

/** 'Shared with 2 colleagues', or nothing when it is not shared. */
const sharedText = (v: SavedView) =>
  v.shared_with.length === 0 ? '' : ` · Shared with ${v.shared_with.length} colleague${v.shared_with.length === 1 ? '' : 's'}`;

/**
 * My views (docs/product/views.md, 'My views'): the views the viewer saved, each to open, edit, share, copy the
 * link of, or delete; then the views colleagues shared with the viewer.
 */
export default function MyViewsPage() {
  const { data, isLoading } = useMyViews();
  const navigate = useNavigate();
  const clipboard = useClipboard({ timeout: 3000 });
  const [copied, setCopied] = useState<string | null>(null);

  const copyLink = (view: SavedView) => {
    clipboard.copy(`${window.location.origin}${viewPath(view.id)}`);
    setCopied(view.name);
  };

  const columns: DataTableColumn<SavedView>[] = [
    {
      id: 'name',
      header: 'Name',
      value: (v) => v.name,
      searchText: (v) => `${v.name} ${v.description ?? ''}`,
      minWidth: 180,
      cell: (v) => (
        <ViewName view={v}>
          Saved {formatDateTime12(v.created_at)}
          {sharedText(v)}
        </ViewName>
      ),
    },
    { id: 'page', header: 'Page', value: (v) => v.report_name, minWidth: 140 },
    { id: 'account', header: 'Account', value: (v) => v.account_id ?? 'Top (whoever opens it)' },
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
        // One under another: a narrow column, so the name stays in sight beside it on a phone.
        <Stack gap={2} align="stretch">
          <Button size="compact-xs" variant="light" onClick={() => void navigate(viewPath(v.id))} aria-label={`Open ${v.name}`}>
            Open
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => openEditViewDialog(v)} aria-label={`Edit ${v.name}`}>
            Edit
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => openShareViewDialog(v)} aria-label={`Share ${v.name}`}>
            Share
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => copyLink(v)} aria-label={`Copy link of ${v.name}`}>
            Copy link
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => openDeleteViewDialog(v)} aria-label={`Delete ${v.name}`}>
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Screen title="My views">
      <Text size="sm" c="gray.7">
        Save a view with 'Save view' on any report page or the Dashboard. Share it with colleagues, or send its link: it opens the same page
        for them, within their own team.
      </Text>
      <Text size="sm" c={clipboard.error ? 'red.9' : 'teal.9'} role="status" aria-live="polite" mih={20}>
        {clipboard.error
          ? 'The browser refused the clipboard: open the view and copy its address instead.'
          : clipboard.copied && copied
            ? `Link to '${copied}' copied`
            : ''}
      </Text>
      <DataTable
        label="My views"
        columns={columns}
        rows={data}
        loading={isLoading}
        getRowId={(v) => v.id}
        minWidth={760}
        emptyText="No saved views yet"
      />
      <SharedWithMe />
    </Screen>
  );
}

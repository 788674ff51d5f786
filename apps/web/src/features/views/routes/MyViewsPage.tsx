import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { type SavedView } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { Screen } from '../../../components/page/Screen';
import { formatDateTime12 } from '../../../lib/format';
import { useMyViews } from '../api/my-views';
import { openDeleteViewDialog, openEditViewDialog, openShareViewDialog } from '../components/view-dialogs';
import { SharedWithMe } from '../components/SharedWithMe';
import { viewColumns } from '../components/view-columns';
import { viewPath } from '../lib/view-address';

/** 'Shared with 2 colleagues', or nothing when it is not shared. */
const sharedText = (v: SavedView) =>
  v.shared_with.length === 0 ? '' : ` · Shared with ${v.shared_with.length} colleague${v.shared_with.length === 1 ? '' : 's'}`;

/**
 * My views (docs/product/views.md, 'My views'): the views the viewer saved, each to open, edit, share, copy the
 * link of, or delete; then the views colleagues shared with the viewer.
 */
export default function MyViewsPage() {
  const { data, isLoading } = useMyViews();
  const clipboard = useClipboard({ timeout: 3000 });
  const [copied, setCopied] = useState<string | null>(null);

  const copyLink = (view: SavedView) => {
    clipboard.copy(`${window.location.origin}${viewPath(view.id)}`);
    setCopied(view.name);
  };

  const columns = viewColumns({
    about: (v) => (
      <>
        Saved {formatDateTime12(v.created_at)}
        {sharedText(v)}
      </>
    ),
    searchText: (v) => `${v.name} ${v.description ?? ''}`,
    topAccount: 'Top (whoever opens it)',
    buttons: (v) => (
      <>
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
      </>
    ),
  });

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

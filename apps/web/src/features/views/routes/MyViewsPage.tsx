import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useClipboard } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { RenameViewBody, VIEW_NAME_MAX, type SavedView } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { type DataTableColumn } from '../../../components/data-table/types';
import { Screen } from '../../../components/page/Screen';
import { formatDateTime12 } from '../../../lib/format';
import { useDeleteView } from '../api/delete-view';
import { useMyViews } from '../api/my-views';
import { useRenameView } from '../api/rename-view';
import { filtersText, periodText, viewPath } from '../lib/view-address';
import { FormActions } from '../../../components/form-actions/FormActions';

/** Renaming: the name checked with the shared schema, a refusal (a name already used) shown beside it. */
function RenameDialog({ view, onClose }: { view: SavedView | null; onClose: () => void }) {
  const rename = useRenameView();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: view?.name ?? '' },
    validate: schemaResolver(RenameViewBody, { sync: true }),
  });
  // Validated by the schema already; parsing again applies its transforms (a trimmed name).
  const submit = form.onSubmit((values) => {
    if (view) rename.mutate({ id: view.id, name: RenameViewBody.parse(values).name }, { onSuccess: onClose });
  });
  return (
    <Modal opened={view !== null} onClose={onClose} title="Rename view" size={420} closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus maxLength={VIEW_NAME_MAX + 20} {...form.getInputProps('name')} />
          <FormActions error={rename.error} errorTitle="Not renamed" submitLabel="Rename" pending={rename.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * My views (docs/product/views.md, 'My views'): the views the viewer saved, each to open, rename, copy the
 * link of, or delete.
 */
export default function MyViewsPage() {
  const { data, isLoading } = useMyViews();
  const navigate = useNavigate();
  const clipboard = useClipboard({ timeout: 3000 });
  const [copied, setCopied] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<SavedView | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const remove = useDeleteView();

  const copyLink = (view: SavedView) => {
    clipboard.copy(`${window.location.origin}${viewPath(view.id)}`);
    setCopied(view.name);
  };

  const columns: DataTableColumn<SavedView>[] = [
    {
      id: 'name',
      header: 'Name',
      value: (v) => v.name,
      minWidth: 160,
      cell: (v) => (
        <>
          <Anchor component={Link} to={viewPath(v.id)} fw={600} size="sm">
            {v.name}
          </Anchor>
          <Text size="xs" c="gray.7">
            Saved {formatDateTime12(v.created_at)}
          </Text>
        </>
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
          <Button size="compact-xs" variant="subtle" onClick={() => setRenaming(v)} aria-label={`Rename ${v.name}`}>
            Rename
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => copyLink(v)} aria-label={`Copy link of ${v.name}`}>
            Copy link
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(v)} aria-label={`Delete ${v.name}`}>
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Screen title="My views">
      <Text size="sm" c="gray.7">
        Save a view with 'Save view' on any report page or the Dashboard. Its link opens the same page for a colleague, within their own
        team.
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
      <RenameDialog key={renaming?.id ?? 'none'} view={renaming} onClose={() => setRenaming(null)} />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete view"
        size={400}
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Delete <b>{deleting?.name}</b>? Links to it stop working for everyone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Keep
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Screen>
  );
}

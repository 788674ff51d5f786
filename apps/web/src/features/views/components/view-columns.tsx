import type { ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { SavedView } from '@dossier/shared';
import { actionsColumn, type DataTableColumn } from '../../../components/data-table/types';
import { filtersText, periodText, viewPath } from '../lib/view-address';
import { ViewName } from './ViewName';

function OpenButton({ view }: { view: SavedView }) {
  const navigate = useNavigate();
  return (
    <Button size="compact-xs" variant="light" onClick={() => void navigate(viewPath(view.id))} aria-label={`Open ${view.name}`}>
      Open
    </Button>
  );
}

/**
 * The columns of a list of views (mine, or shared with me): the name with a line `about` it, what the view
 * opens, and Open followed by the list's own `buttons`.
 */
export function viewColumns(list: {
  about: (v: SavedView) => ReactNode;
  searchText: (v: SavedView) => string;
  /** The Account cell of a view saved at the top of the organisation. */
  topAccount: string;
  buttons: (v: SavedView) => ReactNode;
}): DataTableColumn<SavedView>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      value: (v) => v.name,
      searchText: list.searchText,
      minWidth: 180,
      cell: (v) => <ViewName view={v}>{list.about(v)}</ViewName>,
    },
    { id: 'page', header: 'Page', value: (v) => v.report_name, minWidth: 140 },
    { id: 'account', header: 'Account', value: (v) => v.account_id ?? list.topAccount },
    { id: 'period', header: 'Period', value: (v) => periodText(v), sortValue: (v) => v.start_date ?? '', minWidth: 120 },
    { id: 'filters', header: 'Filters', value: (v) => filtersText(v), minWidth: 180 },
    actionsColumn((v) => (
      // One under another: a narrow column, so the name stays in sight beside it on a phone.
      <Stack gap={2} align="stretch">
        <OpenButton view={v} />
        {list.buttons(v)}
      </Stack>
    )),
  ];
}

import type { ReactNode } from 'react';
import { Group, Loader, Paper, Text } from '@mantine/core';
import { Pager } from './Pager';

interface Props {
  /** Names the loader: 'Loading leads', 'Loading cases'. */
  loadingLabel: string;
  /** No page has arrived yet: a loader instead of the table. */
  pending: boolean;
  /** A later page or filter is loading: the table stays, marked 'Updating…'. */
  fetching: boolean;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  children: ReactNode;
}

/** The dashboards' list panel (docs/product/callcentre.md): the table, its loading states and the pager under it. */
export function ListPanel({ loadingLabel, pending, fetching, page, totalPages, onPage, children }: Props) {
  return (
    <Paper withBorder radius="md" p="xs" pos="relative">
      {pending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={loadingLabel} />
        </Group>
      ) : (
        children
      )}
      {fetching && !pending ? (
        <Text size="xs" c="dimmed" pos="absolute" top={4} right={8}>
          Updating…
        </Text>
      ) : null}
      <Pager page={page} totalPages={totalPages} onChange={onPage} />
    </Paper>
  );
}

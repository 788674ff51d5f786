import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import type { ServerPagePaging } from '../../../components/data-table/DataTable';

interface Props {
  /** The listing as last answered (`total_pages`); undefined while the first page loads. */
  listing: { total_pages: number } | undefined;
  page: number;
  onPageChange: (page: number) => void;
  /** The table, given the numbered paging of the listing's `current_page`/`total_pages`. */
  children: (paging: ServerPagePaging) => ReactNode;
}

/** The card of a call-centre listing screen's table (leads, cases, appointments), paged on the server by page number. */
export function ListingCard({ listing, page, onPageChange, children }: Props) {
  return (
    <Paper withBorder radius="md" p="xs">
      {children({ page, totalPages: listing?.total_pages ?? 0, onPageChange })}
    </Paper>
  );
}

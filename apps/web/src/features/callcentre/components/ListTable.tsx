import type { ReactNode } from 'react';
import { Loader, Table } from '@mantine/core';
import { EmptyRow } from './EmptyRow';

interface Props {
  /** The table's accessible name ('Leads', 'Cases'). */
  label: string;
  /** Column titles; '' for an untitled column (a row's radio). */
  headers: readonly string[];
  /** Narrower screens scroll the table sideways rather than squeeze it. */
  minWidth: number;
  /** No rows: an empty message across all columns instead ('No Data available for this partner', unless told). */
  empty: boolean;
  emptyText?: string;
  /** While the first page loads: a loader so named ('Loading cases') in place of the rows. */
  loadingLabel?: string | null;
  children: ReactNode;
}

/** The call centre's lists (docs/product/callcentre.md): headers, striped rows, a loader, the empty message. */
export function ListTable({ label, headers, minWidth, empty, emptyText, loadingLabel, children }: Props) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h, i) => (
              <Table.Th key={`${h}-${i}`} scope="col">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loadingLabel ? (
            <Table.Tr>
              <Table.Td colSpan={headers.length}>
                <Loader size="sm" aria-label={loadingLabel} />
              </Table.Td>
            </Table.Tr>
          ) : empty ? (
            <EmptyRow columns={headers.length} text={emptyText} />
          ) : (
            children
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

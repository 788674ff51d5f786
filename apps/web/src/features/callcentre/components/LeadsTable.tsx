import type { MouseEvent } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import { LEAD_HEADERS, titleCaseOrNA, type LeadRow } from '@dossier/shared';
import { productLabel } from '../lib/product';
import { CallCountBadge } from './CallCountBadge';
import { ListTable } from './ListTable';

interface Props {
  rows: readonly LeadRow[];
  onOpenHistory: (row: LeadRow, event: MouseEvent<HTMLButtonElement>) => void;
}

/** Advisor Connect Leads table; a closed lead has a green left border (docs/product/callcentre.md, 'Advisor Connect Leads'). */
export function LeadsTable({ rows, onOpenHistory }: Props) {
  return (
    <ListTable label="Leads" headers={LEAD_HEADERS} minWidth={880} empty={rows.length === 0}>
      {rows.map((r) => (
        <Table.Tr
          key={r.lead_id}
          data-status={r.status}
          style={r.status === 'closed' ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-green-6)' } : undefined}
        >
          <Table.Td>{titleCaseOrNA(r.partner_name)}</Table.Td>
          <Table.Td>{r.username ?? 'NA'}</Table.Td>
          <Table.Td>
            <Badge variant="light" color="teal" radius="sm" tt="none" title={productLabel(r.product_code)}>
              {productLabel(r.product_code)}
            </Badge>
          </Table.Td>
          <Table.Td>{titleCaseOrNA(r.customer_name)}</Table.Td>
          <Table.Td>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {r.date}
            </Text>
          </Table.Td>
          <Table.Td>{r.remark ?? 'NA'}</Table.Td>
          <Table.Td>
            <CallCountBadge count={r.call_count} lastStatus={r.last_call_status} onOpen={(e) => onOpenHistory(r, e)} />
          </Table.Td>
          <Table.Td>{titleCaseOrNA(r.status)}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

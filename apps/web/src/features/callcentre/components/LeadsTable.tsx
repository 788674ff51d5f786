import type { MouseEvent } from 'react';
import { Badge, Text } from '@mantine/core';
import { LEAD_HEADERS, titleCaseOrNA, type LeadRow } from '@dossier/shared';
import { DataTable, type ServerPagePaging } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/types';
import { productLabel } from '../lib/product';
import { CallCountBadge } from './CallCountBadge';
import { EMPTY_MESSAGE } from './empty-message';

interface Props {
  rows: readonly LeadRow[] | undefined;
  loading: boolean;
  paging: ServerPagePaging;
  onOpenHistory: (row: LeadRow, event: MouseEvent<HTMLButtonElement>) => void;
}

const [PARTNER_NAME, USERNAME, PRODUCT, CUSTOMER_NAME, DATE, REMARK, CALLS, STATUS] = LEAD_HEADERS;

function leadColumns(onOpenHistory: Props['onOpenHistory']): DataTableColumn<LeadRow>[] {
  return [
    { id: 'partner', header: PARTNER_NAME, value: (r) => titleCaseOrNA(r.partner_name) },
    { id: 'username', header: USERNAME, value: (r) => r.username ?? 'NA' },
    {
      id: 'product',
      header: PRODUCT,
      value: (r) => productLabel(r.product_code),
      cell: (r) => (
        <Badge variant="light" color="teal" radius="sm" tt="none" title={productLabel(r.product_code)}>
          {productLabel(r.product_code)}
        </Badge>
      ),
    },
    { id: 'customer', header: CUSTOMER_NAME, value: (r) => titleCaseOrNA(r.customer_name) },
    {
      id: 'date',
      header: DATE,
      value: (r) => r.date,
      cell: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.date}
        </Text>
      ),
    },
    { id: 'remark', header: REMARK, value: (r) => r.remark ?? 'NA' },
    {
      id: 'calls',
      header: CALLS,
      value: (r) => r.call_count,
      cell: (r) => <CallCountBadge count={r.call_count} lastStatus={r.last_call_status} onOpen={(e) => onOpenHistory(r, e)} />,
    },
    { id: 'status', header: STATUS, value: (r) => titleCaseOrNA(r.status) },
  ];
}

/** Advisor Connect Leads table; a closed lead has a green left border (docs/product/callcentre.md, 'Advisor Connect Leads'). */
export function LeadsTable({ rows, loading, paging, onOpenHistory }: Props) {
  return (
    <DataTable
      label="Leads"
      columns={leadColumns(onOpenHistory)}
      rows={rows}
      loading={loading}
      getRowId={(r) => String(r.lead_id)}
      rowAttributes={(r) => ({
        'data-status': r.status,
        style: r.status === 'closed' ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-green-6)' } : undefined,
      })}
      serverPaging={paging}
      emptyText={EMPTY_MESSAGE}
      minWidth={880}
    />
  );
}

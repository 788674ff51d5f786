import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { TICKET_HEADERS, titleCaseOrNA, type CallRecord, type TrmCaseRow } from '@dossier/shared';
import { DataTable, type ServerPagePaging } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/types';
import { productLabel } from '../lib/product';
import { CallCountBadge } from './CallCountBadge';
import { EMPTY_MESSAGE } from './empty-message';
import { PartnerCallLogs } from './PartnerCallLogs';
import { IconPhone } from '@tabler/icons-react';
import { RemarkCell } from './RemarkCell';

interface Props {
  rows: readonly TrmCaseRow[] | undefined;
  loading: boolean;
  paging: ServerPagePaging;
  onOpenHistory: (record: CallRecord) => void;
  onCall: (record: CallRecord) => void;
}

const recordOf = (r: TrmCaseRow): CallRecord | null =>
  r.case_id === null
    ? null
    : {
        case_id: r.case_id,
        customer_id: r.customer_id,
        partner_id: r.partner_id,
        partner_name: r.partner_name,
        product_code: r.product_code,
        status: r.status,
        pin: r.pin,
      };

const [ID, TICKET_STATUS, PARTNER, CUSTOMER, DATE_TIME, CALL_LOGS, PIN, REMARKS, ACTION] = TICKET_HEADERS;

function caseColumns({ onOpenHistory, onCall }: Pick<Props, 'onOpenHistory' | 'onCall'>): DataTableColumn<TrmCaseRow>[] {
  return [
    { id: 'case_id', header: ID, value: (r) => r.case_id ?? 'NA' },
    {
      id: 'status',
      header: TICKET_STATUS,
      value: (r) => r.status,
      cell: (r) => (
        <Stack gap={4} align="flex-start">
          <Badge color={r.status === 'open' ? 'indigo' : 'green'} variant="light" data-testid="ticket-status-cell">
            {titleCaseOrNA(r.status)}
          </Badge>
          <Badge variant="outline" color="teal" radius="sm" size="sm" tt="none" title={productLabel(r.product_code)}>
            {productLabel(r.product_code)}
          </Badge>
        </Stack>
      ),
    },
    {
      id: 'partner',
      header: PARTNER,
      value: (r) => r.partner_name,
      cell: (r) => (
        <>
          <Text size="sm">{titleCaseOrNA(r.partner_name)}</Text>
          <Text size="xs" c="gray.7">
            {r.partner_ei_code ?? 'NA'}
          </Text>
        </>
      ),
    },
    { id: 'customer', header: CUSTOMER, value: (r) => titleCaseOrNA(r.customer_name) },
    {
      id: 'when',
      header: DATE_TIME,
      value: (r) => `${r.date} ${r.time}`,
      cell: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.date} {r.time}
        </Text>
      ),
    },
    {
      id: 'call_logs',
      header: CALL_LOGS,
      value: (r) => r.partner_call_logs.length,
      cell: (r) => <PartnerCallLogs logs={r.partner_call_logs} />,
    },
    { id: 'pin', header: PIN, value: (r) => r.pin ?? 'NA' },
    { id: 'remark', header: REMARKS, value: (r) => r.remark, cell: (r) => <RemarkCell remark={r.remark} notes={r.notes} /> },
    {
      id: 'action',
      header: ACTION,
      value: (r) => r.call_count,
      cell: (r) => {
        const record = recordOf(r);
        return (
          <Group gap="xs" wrap="nowrap">
            <CallCountBadge count={r.call_count} lastStatus={r.last_call_status} onOpen={() => record && onOpenHistory(record)} />
            <Button
              size="xs"
              leftSection={<IconPhone size={14} aria-hidden />}
              disabled={r.status === 'closed' || record === null}
              onClick={() => record && onCall(record)}
              aria-label={`Call on case ${r.case_id ?? 'NA'}`}
            >
              Call
            </Button>
          </Group>
        );
      },
    },
  ];
}

/** The TRM dashboard's case table (docs/product/callcentre.md, 'TRM dashboard'); Call is disabled on closed cases. */
export function CasesTable({ rows, loading, paging, onOpenHistory, onCall }: Props) {
  return (
    <DataTable
      label="Cases"
      columns={caseColumns({ onOpenHistory, onCall })}
      rows={rows}
      loading={loading}
      getRowId={(r, i) => (r.case_id === null ? `row-${i}` : String(r.case_id))}
      rowAttributes={(r) => ({ 'data-case-id': r.case_id ?? undefined, 'data-status': r.status })}
      serverPaging={paging}
      emptyText={EMPTY_MESSAGE}
      minWidth={980}
    />
  );
}

import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { TICKET_HEADERS, titleCaseOrNA, type CallRecord, type TrmCaseRow } from '@dossier/shared';
import { productLabel } from '../lib/product';
import { CallCountBadge } from './CallCountBadge';
import { ListTable } from './ListTable';
import { PartnerCallLogs } from './PartnerCallLogs';
import { IconPhone } from '@tabler/icons-react';
import { RemarkCell } from './RemarkCell';

interface Props {
  rows: readonly TrmCaseRow[];
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

/** The TRM dashboard's case table (docs/product/callcentre.md, 'TRM dashboard'); Call is disabled on closed cases. */
export function CasesTable({ rows, onOpenHistory, onCall }: Props) {
  return (
    <ListTable label="Cases" headers={TICKET_HEADERS} minWidth={980} empty={rows.length === 0}>
      {rows.map((r, i) => {
        const record = recordOf(r);
        return (
          <Table.Tr key={r.case_id ?? `row-${i}`} data-case-id={r.case_id ?? undefined} data-status={r.status}>
            <Table.Td>{r.case_id ?? 'NA'}</Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <Badge color={r.status === 'open' ? 'indigo' : 'green'} variant="light" data-testid="ticket-status-cell">
                  {titleCaseOrNA(r.status)}
                </Badge>
                <Badge variant="outline" color="teal" radius="sm" size="sm" tt="none" title={productLabel(r.product_code)}>
                  {productLabel(r.product_code)}
                </Badge>
              </Stack>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{titleCaseOrNA(r.partner_name)}</Text>
              <Text size="xs" c="gray.7">
                {r.partner_ei_code ?? 'NA'}
              </Text>
            </Table.Td>
            <Table.Td>{titleCaseOrNA(r.customer_name)}</Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {r.date} {r.time}
              </Text>
            </Table.Td>
            <Table.Td>
              <PartnerCallLogs logs={r.partner_call_logs} />
            </Table.Td>
            <Table.Td>{r.pin ?? 'NA'}</Table.Td>
            <Table.Td>
              <RemarkCell remark={r.remark} notes={r.notes} />
            </Table.Td>
            <Table.Td>
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
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}

import { Table, Text } from '@mantine/core';

/** The empty message of both lists (docs/product/callcentre.md, 'Advisor Connect Leads'). */
export const EMPTY_MESSAGE = 'No Data available for this partner';

export function EmptyRow({ columns, text = EMPTY_MESSAGE }: { columns: number; text?: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text ta="center" py="md" c="gray.7" data-testid="empty-message">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

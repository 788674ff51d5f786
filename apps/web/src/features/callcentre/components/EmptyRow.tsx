import { Table, Text } from '@mantine/core';

/** The spec's empty message for both lists (spec 001 §2, §8). */
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

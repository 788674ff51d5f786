import { Button, Center, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import type { CallRecord } from '@dossier/shared';
import { readStoredUser } from '../../lib/session';
import { useCallDetails } from './api/call-details';
import { CallList } from './CallList';

interface Props {
  record: CallRecord;
  onClose: () => void;
}

/** Type 1 dialog's content: the calls made on a case (docs/product/callcentre.md, 'Call-history dialog'); opened by `openCallHistoryDialog`. */
export function CallHistoryDialog({ record, onClose }: Props) {
  const details = useCallDetails(record.case_id);
  const { firstName, lastName } = readStoredUser();
  const status = details.data?.data.status ?? record.status;
  const calls = details.data?.data.call_details ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          <Text span fw={600}>
            Serviced by:
          </Text>{' '}
          {`${firstName} ${lastName}`.trim() || 'NA'}
        </Text>
        <Switch
          checked={status === 'open'}
          readOnly
          aria-readonly
          label={status === 'open' ? 'Open' : 'Closed'}
          aria-label={`Case status: ${status === 'open' ? 'Open' : 'Closed'}`}
        />
      </Group>
      {details.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading calls" />
        </Center>
      ) : calls.length === 0 ? (
        <Paper withBorder p="sm" role="status">
          <Text size="sm">No calls have been made on this case yet</Text>
          <Button size="xs" mt="xs" variant="default" onClick={onClose}>
            Close
          </Button>
        </Paper>
      ) : (
        <CallList calls={calls} />
      )}
    </Stack>
  );
}

import { Button, Center, Group, Loader, Modal, Paper, Stack, Switch, Text } from '@mantine/core';
import type { CallRecord } from '@dossier/shared';
import { useIsMobile } from '../../../lib/media';
import { readStoredUser } from '../../../lib/session';
import { useCallDetails } from '../api/call-details';
import { CALL_HISTORY_DIALOG_WIDTH, NARROW_WIDTH } from '../lib/dialog-sizes';
import { CallList } from './CallList';

interface Props {
  record: CallRecord;
  onClose: () => void;
}

/** Type 1 dialog: the calls made on a case (docs/product/callcentre.md, 'Call-history dialog'). */
export function CallHistoryDialog({ record, onClose }: Props) {
  const mobile = useIsMobile();
  const details = useCallDetails(record.case_id);
  const { firstName, lastName } = readStoredUser();
  const status = details.data?.data.status ?? record.status;
  const calls = details.data?.data.call_details ?? [];
  return (
    <Modal
      opened
      onClose={onClose}
      title="Meeting Details:"
      size={mobile ? NARROW_WIDTH : CALL_HISTORY_DIALOG_WIDTH}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
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
    </Modal>
  );
}

import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { titleCaseOrNA, type CallDetail } from '@dossier/shared';
import { IconPhone } from '@tabler/icons-react';
import { RecordingButton } from '../RecordingButton';

const STAGE: Record<CallDetail['call_status'], { text: string; color: string }> = {
  queued: { text: 'Connecting: your phone rings first', color: 'gray' },
  ringing: { text: 'Ringing', color: 'yellow' },
  'in-progress': { text: 'On call', color: 'blue' },
  completed: { text: 'Completed', color: 'green' },
  missed: { text: 'Missed', color: 'red' },
};

interface Props {
  party: 'customer' | 'partner';
  disabledReason: string | null;
  placing: boolean;
  onCall: () => void;
  /** The call placed from this dialog, as last polled (the call section). */
  call: CallDetail | null;
}

/** The Call button and, once a call is placed, its live status and recording. */
export function CallPanel({ party, disabledReason, placing, onCall, call }: Props) {
  const stage = call ? STAGE[call.call_status] : null;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          leftSection={<IconPhone size={18} aria-hidden />}
          onClick={onCall}
          loading={placing}
          disabled={disabledReason !== null}
          title={disabledReason ?? undefined}
        >
          {party === 'customer' ? 'Call Customer' : 'Call Partner'}
        </Button>
        {disabledReason ? (
          <Text size="xs" c="gray.7">
            {disabledReason}
          </Text>
        ) : null}
      </Group>
      {call && stage ? (
        <Paper withBorder p="xs" data-testid="call-section">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              Call to {titleCaseOrNA(call.to_name)} ({call.To})
            </Text>
            <Badge
              color={stage.color}
              variant={call.call_status === 'missed' ? 'filled' : 'light'}
              data-testid="dialog-call-status"
              aria-live="polite"
            >
              {stage.text}
            </Badge>
          </Group>
          {call.call_status === 'completed' ? (
            <Group gap="xs" mt={4}>
              <Text size="xs">Talked {call.ConversationDuration}s</Text>
              {call.recording_url ? <RecordingButton url={call.recording_url} /> : null}
            </Group>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}

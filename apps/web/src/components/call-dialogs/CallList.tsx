import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { titleCaseOrNA, type CallDetail } from '@dossier/shared';
import { RecordingButton } from './RecordingButton';

const STATUS_COLOR: Record<CallDetail['call_status'], string> = {
  queued: 'gray',
  ringing: 'yellow',
  'in-progress': 'blue',
  completed: 'green',
  missed: 'red',
};

function duration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The calls of a case: start time, who was called, status, notes and the recording (docs/product/callcentre.md, 'Call-history dialog'). */
export function CallList({ calls }: { calls: readonly CallDetail[] }) {
  return (
    <Stack gap="xs" data-testid="call-list">
      {calls.map((call) => (
        <Paper key={call.call_id} withBorder p="xs" radius="sm" data-testid="call-entry">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {call.start_time}
            </Text>
            <Badge
              color={STATUS_COLOR[call.call_status]}
              variant={call.call_status === 'missed' ? 'filled' : 'light'}
              data-testid="call-status"
            >
              {call.call_status === 'missed' ? `missed (${call.Status})` : call.Status}
            </Badge>
          </Group>
          <Text size="xs" c="gray.7">
            {call.direction === 'customer' ? 'Customer' : 'Partner'}: {titleCaseOrNA(call.to_name)} · {call.To} · by{' '}
            {titleCaseOrNA(call.from_name)}
            {call.ConversationDuration > 0 ? ` · talked ${duration(call.ConversationDuration)}` : ''}
          </Text>
          {call.notes.length > 0 ? (
            <List size="sm" mt={4}>
              {call.notes.map((note, i) => (
                <List.Item key={i}>{note}</List.Item>
              ))}
            </List>
          ) : null}
          {call.recording_url ? <RecordingButton url={call.recording_url} mt={6} /> : null}
        </Paper>
      ))}
    </Stack>
  );
}

import type { MouseEvent } from 'react';
import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { titleCaseOrNA, type CallStatusView } from '@dossier/shared';

interface Props {
  count: number;
  lastStatus: CallStatusView | null;
  onOpen: (event: MouseEvent<HTMLButtonElement>) => void;
}

const LIVE: Partial<Record<CallStatusView, string>> = { queued: 'Connecting…', ringing: 'Ringing…', 'in-progress': 'On call' };

/** Number of calls on the case; red when the last call was missed; a live label while a call runs. */
export function CallCountBadge({ count, lastStatus, onOpen }: Props) {
  const missed = lastStatus === 'missed';
  const live = lastStatus ? LIVE[lastStatus] : undefined;
  return (
    <Group gap={6} wrap="nowrap">
      <UnstyledButton
        onClick={onOpen}
        aria-label={`${count} calls${lastStatus ? `, last ${lastStatus}` : ''}: show call history`}
        data-testid="call-count"
      >
        <Badge
          circle={count < 10}
          size="lg"
          color={missed ? 'red' : 'indigo'}
          variant={missed ? 'filled' : 'light'}
          data-missed={missed || undefined}
        >
          {count}
        </Badge>
      </UnstyledButton>
      {live ? (
        <Text size="xs" c="indigo.8" fw={600} data-testid="live-call-status">
          {live}
        </Text>
      ) : lastStatus && lastStatus !== 'completed' && lastStatus !== 'missed' ? (
        <Text size="xs">{titleCaseOrNA(lastStatus)}</Text>
      ) : null}
    </Group>
  );
}

import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { MessageLine } from './message-lines';

interface Props {
  lines: MessageLine[];
  links?: Record<string, string>;
  onClose: () => void;
}

/** Key/value lines and a Close button (docs/product/shell.md, 'Message dialog'); the modal around it is `openMessageDialog`'s. */
export function MessageDialog({ lines, links, onClose }: Props) {
  return (
    <Stack gap="xs">
      {lines.map((line, index) => (
        <Text key={`${line.key}-${index}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            {line.key}:
          </Text>{' '}
          {links?.[line.key] ? <Anchor href={links[line.key]}>{line.value}</Anchor> : line.value}
        </Text>
      ))}
      <Group justify="flex-end" mt="sm">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}

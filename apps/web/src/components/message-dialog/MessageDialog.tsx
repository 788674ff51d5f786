import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useIsMobile } from '../../lib/media';
import { closeMessageDialog, type OpenMessageDialog } from './dialog-store';

/** Title, key/value lines and a Close button; 95% wide on phones (docs/product/shell.md, 'Message dialog'). */
export default function MessageDialog({ dialog }: { dialog: OpenMessageDialog }) {
  const isMobile = useIsMobile();
  return (
    <Modal
      opened
      onClose={closeMessageDialog}
      title={dialog.title}
      size={isMobile ? '95%' : dialog.width}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Stack gap="xs">
        {dialog.lines.map((line, index) => (
          <Text key={`${line.key}-${index}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              {line.key}:
            </Text>{' '}
            {dialog.links?.[line.key] ? <Anchor href={dialog.links[line.key]}>{line.value}</Anchor> : line.value}
          </Text>
        ))}
        <Group justify="flex-end" mt="sm">
          <Button onClick={closeMessageDialog}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

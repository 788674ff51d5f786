import { Button, Group, Paper, Text } from '@mantine/core';
import { sentenceCase } from '@dossier/shared';

/**
 * The dialog's result message (a sentence, names already title-cased) with a Close button that never shrinks;
 * a long message wraps beside it.
 */
export function ResultMessage({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Paper withBorder p="sm" bg="indigo.0" role="status" aria-live="polite" data-testid="result-message">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {sentenceCase(message)}
        </Text>
        <Button size="xs" variant="default" onClick={onClose} style={{ flexShrink: 0 }}>
          Close
        </Button>
      </Group>
    </Paper>
  );
}

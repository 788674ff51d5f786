import { Button, Group, Paper, Text } from '@mantine/core';
import { titleCaseOrNA } from '@dossier/shared';

/** The dialog's result message: title-cased, with a Close button (spec 001 §2). */
export function ResultMessage({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Paper withBorder p="sm" bg="indigo.0" role="status" aria-live="polite" data-testid="result-message">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500}>
          {titleCaseOrNA(message)}
        </Text>
        <Button size="xs" variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Paper>
  );
}

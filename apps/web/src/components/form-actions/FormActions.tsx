import { Alert, Button, Group } from '@mantine/core';
import { errorText } from '../../lib/error-message';

/** The server's refusal inside a dialog, shown until the next try; nothing while there is none. */
export function Refusal({ error, title }: { error: unknown; title?: string }) {
  return error ? (
    <Alert color="red" variant="light" role="alert" title={title}>
      {errorText(error)}
    </Alert>
  ) : null;
}

/**
 * The end of a dialog's form: the server's refusal, if any, then Cancel and the submit button. Every form
 * dialog ends this way, so a refusal reads and sits the same everywhere.
 */
export function FormActions({
  error,
  errorTitle,
  submitLabel,
  pending,
  onCancel,
}: {
  /** The mutation's error; shown until the next try. */
  error: unknown;
  errorTitle?: string;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <Refusal error={error} title={errorTitle} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

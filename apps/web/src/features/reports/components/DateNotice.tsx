import { Alert } from '@mantine/core';

/**
 * Dates in the address that were set aside for the default period, and why (docs/product/report-screens.md,
 * 'Query parameters'): a person who typed them is told rather than silently overruled.
 */
export function DateNotice({ notice }: { notice: string | undefined }) {
  if (!notice) return null;
  return (
    <Alert color="yellow" variant="light" role="status" aria-label="Dates in the address" p="xs">
      {notice}
    </Alert>
  );
}

import { Badge } from '@mantine/core';

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge size="sm" variant="light" color={active ? 'green' : 'gray'}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

import { Group, Pagination } from '@mantine/core';

interface Props {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** Numbered pages with previous/next arrows (disabled at the ends), only when there are two or more. */
export function Pager({ page, totalPages, onChange }: Props) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="flex-end" mt="sm">
      <Pagination
        total={totalPages}
        value={Math.min(page, totalPages)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
}

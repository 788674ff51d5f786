import { Group, Pagination, Select, Text } from '@mantine/core';
import { ADMIN_PAGE_SIZES } from '@dossier/shared';

/** Paging of a list the server pages: 'rows a–b of n', page numbers from 1, rows per page. */
export function ServerPager({
  total,
  limit,
  offset,
  onChange,
}: {
  total: number;
  limit: number;
  offset: number;
  onChange: (next: { limit: number; offset: number }) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.floor(offset / limit) + 1;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="gray.7" aria-live="polite">
        {total === 0 ? 'No rows' : `Rows ${offset + 1}–${Math.min(offset + limit, total)} of ${total}`}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Select
          aria-label="Rows per page"
          w={90}
          size="xs"
          data={ADMIN_PAGE_SIZES.map(String)}
          value={String(limit)}
          onChange={(v) => v && onChange({ limit: Number(v), offset: 0 })}
          allowDeselect={false}
        />
        <Pagination
          size="sm"
          total={pages}
          value={page}
          onChange={(p) => onChange({ limit, offset: (p - 1) * limit })}
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      </Group>
    </Group>
  );
}

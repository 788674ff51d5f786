import { useState } from 'react';
import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

export type StatusChoice = 'all' | 'active' | 'inactive';

/**
 * The state behind a SearchAndStatus and its server-paged list: the typed search (sent once typing
 * pauses), the status and the page; a new search or status goes back to the first page.
 */
export function useListFilter(initialQ = '') {
  const [q, setQ] = useState(initialQ);
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const [status, setStatus] = useState<StatusChoice>('all');
  const [paging, setPaging] = useState({ limit: 20, offset: 0 });
  const controls = {
    q,
    status,
    onSearch: (next: string) => {
      setQ(next);
      setPaging((p) => ({ ...p, offset: 0 }));
    },
    onStatus: (next: StatusChoice) => {
      setStatus(next);
      setPaging((p) => ({ ...p, offset: 0 }));
    },
  };
  return { query: { q: debounced, status, ...paging }, paging, setPaging, controls };
}

/** The search box and the All / Active / Inactive choice above the People and Users lists. */
export function SearchAndStatus({
  q,
  status,
  placeholder,
  onSearch,
  onStatus,
}: {
  q: string;
  status: StatusChoice;
  placeholder: string;
  onSearch: (q: string) => void;
  onStatus: (status: StatusChoice) => void;
}) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        label="Search"
        placeholder={placeholder}
        value={q}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 280 }}
      />
      <SegmentedControl
        aria-label="Status"
        value={status}
        onChange={onStatus}
        data={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
      />
    </Group>
  );
}

import { Group, SegmentedControl, TextInput } from '@mantine/core';

export type StatusChoice = 'all' | 'active' | 'inactive';

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
        onChange={(v) => onStatus(v as StatusChoice)}
        data={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
      />
    </Group>
  );
}

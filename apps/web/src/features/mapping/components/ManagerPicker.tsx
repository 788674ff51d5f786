import { useState } from 'react';
import { Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import type { MappingManager } from '@dossier/shared';

/** One manager chosen by radio; a search narrows long lists (a national head has hundreds). */
export function ManagerPicker({
  managers,
  value,
  onChange,
}: {
  managers: readonly MappingManager[];
  value: string | null;
  onChange: (code: string) => void;
}) {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = q ? managers.filter((m) => `${m.name} ${m.unique_code} ${m.designation} ${m.product}`.toLowerCase().includes(q)) : managers;
  return (
    <Stack gap="xs">
      {managers.length > 8 ? (
        <TextInput
          type="search"
          aria-label="Search managers"
          placeholder="Search managers"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
      ) : null}
      <Radio.Group name="manager" label="Manager" value={value ?? ''} onChange={onChange} required>
        <ScrollArea.Autosize mah={280} type="auto" mt={6}>
          <Stack gap={8}>
            {shown.map((m) => (
              <Radio
                key={m.unique_code}
                value={m.unique_code}
                label={`${m.name} (${m.unique_code})`}
                description={`${m.designation} · ${m.product}`}
              />
            ))}
            {shown.length === 0 ? (
              <Text size="sm" c="gray.7">
                No managers to show
              </Text>
            ) : null}
          </Stack>
        </ScrollArea.Autosize>
      </Radio.Group>
    </Stack>
  );
}

import { useState } from 'react';
import { Button, Group, List, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useHierarchySearch } from '../api/hierarchy';
import { AdminFrame } from '../components/AdminFrame';
import { HierarchyLevel } from '../components/HierarchyTree';

/** Hierarchy (/admin/hierarchy): the organisation as a tree with head and partner counts; search opens the way to a person. */
export default function HierarchyPage() {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [highlight, setHighlight] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const search = useHierarchySearch(debounced, { enabled: debounced.trim() !== '' });

  const toggle = (code: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  const reveal = (path: readonly string[]) => {
    setExpanded((prev) => new Set([...prev, ...path.slice(0, -1)]));
    setHighlight(path.at(-1) ?? null);
    setQ('');
  };

  return (
    <AdminFrame
      title="Hierarchy"
      actions={
        <Button variant="default" onClick={() => setExpanded(new Set())} disabled={expanded.size === 0}>
          Collapse all
        </Button>
      }
    >
      <Stack gap="xs">
        <TextInput
          label="Find a person"
          placeholder="Code or name"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        {debounced !== '' && q.trim() !== '' ? (
          search.data && search.data.hits.length === 0 ? (
            <Text size="sm" c="gray.7">
              Nobody matches
            </Text>
          ) : (
            <List size="sm" spacing={2} aria-label="Search results">
              {(search.data?.hits ?? []).map((hit) => (
                <List.Item key={hit.code}>
                  <UnstyledButton onClick={() => reveal(hit.path)} c="indigo.8" fz="sm">
                    {hit.name} ({hit.code}, {hit.designation})
                  </UnstyledButton>
                </List.Item>
              ))}
            </List>
          )
        ) : null}
      </Stack>
      <Group gap="xs">
        <Text size="xs" c="gray.7">
          Counts: people below each person at every level, and partners mapped anywhere in their team.
        </Text>
      </Group>
      <HierarchyLevel parent={null} expanded={expanded} highlight={highlight} onToggle={toggle} depth={0} />
    </AdminFrame>
  );
}

import { Button, Group, Text } from '@mantine/core';
import { BUSINESS_TYPES } from '@dossier/shared';
import { clearSavedFilters } from '../lib/filter-storage';
import { hasFilters, type AppliedFilters as Filters } from '../lib/query-params';

const businessName = (id: number) => BUSINESS_TYPES.find((b) => b.id === id)?.name ?? String(id);

/**
 * The saved insurer, state and business type choices that shape the figures of this screen, with the
 * control that clears them (they are kept across screens until cleared; docs/product/report-screens.md, 'Insurer, state and business type').
 */
export function AppliedFilters({ filters }: { filters: Filters }) {
  if (!hasFilters(filters)) return null;
  const parts = [
    filters.insurers.length > 0 ? `Insurer: ${filters.insurers.join(', ')}` : null,
    filters.states.length > 0 ? `State: ${filters.states.join(', ')}` : null,
    filters.business_type.length > 0 ? `Business Type: ${filters.business_type.map(businessName).join(', ')}` : null,
  ].filter((p): p is string => p !== null);
  return (
    <Group
      role="region"
      aria-label="Applied filters"
      gap="xs"
      wrap="wrap"
      bg="yellow.0"
      px="sm"
      py={6}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Text size="sm" fw={600}>
        Filtered by
      </Text>
      {parts.map((p) => (
        <Text
          key={p}
          size="sm"
          px={8}
          py={2}
          bg="white"
          bd="1px solid var(--mantine-color-gray-4)"
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
        >
          {p}
        </Text>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={clearSavedFilters} ml="auto">
        Clear filters
      </Button>
    </Group>
  );
}

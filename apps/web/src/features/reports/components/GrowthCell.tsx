import { Group, Text } from '@mantine/core';
import type { Cell } from '@dossier/shared';
import { growthDirection } from '../lib/columns';

const MARK = {
  up: { glyph: '▲', color: 'green.8', said: 'up' },
  down: { glyph: '▼', color: 'red.8', said: 'down' },
  flat: { glyph: '■', color: 'yellow.6', said: 'no change' },
  new: { glyph: '✦', color: 'green.8', said: 'new' },
} as const;

/**
 * Growth (docs/product/report-screens.md, 'Growth cells'): a percent with a green up arrow, a red down arrow, or a
 * yellow square at zero; from nothing 'New' with the change itself, as the server wrote it (no percent of zero).
 */
export function GrowthCell({ value, percent }: { value: Cell | undefined; percent: boolean }) {
  const direction = growthDirection(value);
  const mark = MARK[direction];
  const text = value === null || value === undefined ? '-' : `${value}${percent && direction !== 'new' ? '%' : ''}`;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {/* A named image, not visually hidden text: absolutely placed text would widen the page beyond the table's scroller. */}
      <Text span size="xs" c={mark.color} role="img" aria-label={mark.said}>
        {mark.glyph}
      </Text>
      <Text span inherit>
        {text}
      </Text>
    </Group>
  );
}

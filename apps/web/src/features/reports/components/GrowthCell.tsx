import { Group, Text } from '@mantine/core';
import type { Cell } from '@dossier/shared';
import { growthDirection } from '../lib/columns';

const MARK = {
  up: { glyph: '▲', color: 'green.8', said: 'up' },
  down: { glyph: '▼', color: 'red.8', said: 'down' },
  flat: { glyph: '■', color: 'yellow.6', said: 'no change' },
} as const;

/** Growth (docs/product/report-screens.md, 'Growth cells'): a percent with a green up arrow, a red down arrow, or a yellow square at zero. */
export function GrowthCell({ value, percent }: { value: Cell | undefined; percent: boolean }) {
  const mark = MARK[growthDirection(value)];
  const text = value === null || value === undefined ? '-' : `${value}${percent ? '%' : ''}`;
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

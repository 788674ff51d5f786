import { Paper, Skeleton, Text } from '@mantine/core';

/**
 * What a chart shows while its data or code loads: the same frame and caption as ChartFrame with a grey
 * block as tall as the drawing, so the chart takes its place without pushing the page down (layout shift).
 */
export function ChartPlaceholder({ title, height, label }: { title: string; height: number; label?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" aria-busy="true" aria-label={label ?? `Loading: ${title}`}>
      <Text size="sm" fw={600} mb={6}>
        {title}
      </Text>
      <Skeleton height={height} radius="sm" />
    </Paper>
  );
}

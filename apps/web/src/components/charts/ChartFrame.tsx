import type { ReactNode } from 'react';
import { Paper, Text, VisuallyHidden } from '@mantine/core';
import type { ChartProps } from './types';

/** Caption, the drawing, and the figures as a list for screen readers. */
export function ChartFrame({ title, points, format, children }: ChartProps & { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" component="figure" m={0}>
      <Text component="figcaption" size="sm" fw={600} mb={6}>
        {title}
      </Text>
      {children}
      <VisuallyHidden>
        <ul>
          {points.map((p, i) => (
            <li key={`${p.label}-${i}`}>
              {p.label}: {format(p.value)}
            </li>
          ))}
        </ul>
      </VisuallyHidden>
    </Paper>
  );
}

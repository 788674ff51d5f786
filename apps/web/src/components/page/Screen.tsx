import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';
import { usePageTitle } from './use-page-title';

/** A data screen: its title (the page's one h1), optional actions, then the content. */
export function Screen({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={1} size="h3">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

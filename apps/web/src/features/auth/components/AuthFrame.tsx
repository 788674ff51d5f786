import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';

/** The centred card of the sign-in pages. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={380}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={800} size="xl" c="indigo.8" style={{ letterSpacing: '-0.02em' }}>
              Dossier
            </Text>
            <Title order={1} size="h3">
              {title}
            </Title>
            <Text size="sm" c="gray.7">
              Sales and partner reporting portal
            </Text>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

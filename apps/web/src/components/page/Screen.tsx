import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from './use-page-title';

interface ScreenProps {
  /** The page's one h1, and the browser tab's name. */
  title: string;
  /** A line under the title (the account of a drill: 'Dinesh Chauhan (TL0001)'); the tab names it too. */
  subtitle?: string | null;
  /** The browser tab's name when it differs from title and subtitle ('Dashboard' and the account, under the h1 'Dashboard: <account>'). */
  tabTitle?: { screen: string; account?: string | null };
  /** Buttons and links at the title's right. */
  actions?: ReactNode;
  /**
   * true (default): one card holds the title and the content. false: the title stands above the content,
   * for screens made of several cards of their own (the call centre).
   */
  framed?: boolean;
  children: ReactNode;
}

/** The frame of every screen in the shell: its title (the page's one h1), optional subtitle and actions, then the content. */
export function Screen({ title, subtitle, tabTitle, actions, framed = true, children }: ScreenProps) {
  usePageTitle(tabTitle?.screen ?? title, tabTitle ? tabTitle.account : subtitle);
  const content = (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align={subtitle ? 'flex-start' : undefined}>
        <div>
          <Title order={1} size="h3">
            {title}
          </Title>
          {subtitle ? (
            <Text size="sm" c="gray.7">
              {subtitle}
            </Text>
          ) : null}
        </div>
        {actions}
      </Group>
      {children}
    </Stack>
  );
  if (!framed) return content;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      {content}
    </Paper>
  );
}

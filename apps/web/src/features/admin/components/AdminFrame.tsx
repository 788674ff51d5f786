import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { Screen } from '../../../components/page/Screen';

export const ADMIN_TABS = [
  { path: '/admin/people', label: 'People' },
  { path: '/admin/users', label: 'Users' },
  { path: '/admin/hierarchy', label: 'Hierarchy' },
  { path: '/admin/imports', label: 'Imports and API keys' },
  { path: '/admin/audit', label: 'Audit trail' },
] as const;

/** The administration screens share one frame: the tabs, then the screen. Non-administrators never reach it (AdminGate). */
export function AdminFrame({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const active = ADMIN_TABS.find((t) => pathname.startsWith(t.path))?.path ?? null;
  return (
    <Stack gap="md">
      <Group component="nav" aria-label="Administration" gap={4} wrap="wrap">
        {ADMIN_TABS.map((t) => (
          <Button
            key={t.path}
            component={Link}
            to={t.path}
            size="compact-sm"
            variant={active === t.path ? 'filled' : 'subtle'}
            aria-current={active === t.path ? 'page' : undefined}
          >
            {t.label}
          </Button>
        ))}
      </Group>
      <Screen title={title} actions={actions}>
        {children}
      </Screen>
    </Stack>
  );
}

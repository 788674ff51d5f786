import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

/** A small icon button named by its label (shown as a tooltip too): the row actions of tables. */
export function IconAction({
  label,
  onClick,
  loading,
  children,
}: {
  label: string;
  onClick: () => void;
  loading?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" size="sm" aria-label={label} onClick={onClick} loading={loading}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

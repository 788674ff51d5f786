import type { ReactElement, ReactNode } from 'react';
import { Menu } from '@mantine/core';
import { HEADER_POPUP_Z_INDEX } from './layers';

interface Props {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** The button that opens the menu (carries the accessible name). */
  target: ReactElement;
  children: ReactNode;
  width?: number;
}

/** A controlled header menu: the header decides which one is open (they exclude each other). */
export function LinksMenu({ opened, onChange, target, children, width = 240 }: Props) {
  return (
    <Menu
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      width={width}
      shadow="md"
      withinPortal
      zIndex={HEADER_POPUP_Z_INDEX}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

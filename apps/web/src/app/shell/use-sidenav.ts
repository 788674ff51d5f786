import { useState } from 'react';
import { STORAGE_KEYS, storageGet, storageSet } from '../../lib/storage';
import { useIsNarrowLayout } from '../../lib/media';
import { initialCollapsed, serializeCollapsed } from './sidenav-state';

export interface Sidenav {
  /** ≤768px: no fixed side menu; the burger opens it as an overlay drawer. */
  narrow: boolean;
  /** Desktop: the fixed menu is folded away (remembered in 'dossier-sidenav'). */
  collapsed: boolean;
  /** Narrow screens: the drawer is open. */
  drawerOpen: boolean;
  /** The drawer was opened at least once, so its code is worth loading (and keeping mounted). */
  drawerUsed: boolean;
  /** The menu is away from its resting state, which hides the logo (docs/product/shell.md, 'Layout'). */
  toggled: boolean;
  /** Whether the menu can currently be seen, for the burger's aria-expanded. */
  visible: boolean;
  toggle: () => void;
  closeDrawer: () => void;
}

export function useSidenav(): Sidenav {
  const narrow = useIsNarrowLayout();
  const [collapsed, setCollapsed] = useState(() => initialCollapsed(storageGet(STORAGE_KEYS.sidenav), window.innerWidth));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);

  const toggle = () => {
    if (narrow) {
      setDrawerOpen(!drawerOpen);
      setDrawerUsed(true);
      return;
    }
    const next = !collapsed;
    setCollapsed(next);
    storageSet(STORAGE_KEYS.sidenav, serializeCollapsed(next));
  };

  const drawerShown = narrow && drawerOpen;
  return {
    narrow,
    collapsed,
    drawerOpen: drawerShown,
    drawerUsed,
    toggled: narrow ? drawerShown : collapsed,
    visible: narrow ? drawerShown : !collapsed,
    toggle,
    closeDrawer: () => setDrawerOpen(false),
  };
}

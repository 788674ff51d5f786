import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../ErrorBoundary';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { useSidenav } from './use-sidenav';
import classes from './AppLayout.module.css';

const MobileMenu = lazy(() => import('./MobileMenu'));

/** Header, collapsible 240px side menu, main area (docs/product/shell.md, 'Layout'). */
export default function AppLayout() {
  const nav = useSidenav();
  const { pathname } = useLocation();
  const fixedMenu = !nav.narrow && !nav.collapsed;

  return (
    <div className={fixedMenu ? `${classes.root} ${classes.withMenu}` : classes.root}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <Header menuVisible={nav.visible} menuOpenAsDrawer={nav.drawerOpen} menuToggled={nav.toggled} onToggleMenu={nav.toggle} />

      {fixedMenu ? (
        <div className={classes.aside}>
          <SideMenu />
        </div>
      ) : null}

      {nav.narrow && nav.drawerUsed ? (
        <Suspense fallback={null}>
          <MobileMenu opened={nav.drawerOpen} onClose={nav.closeDrawer} />
        </Suspense>
      ) : null}

      <main id="main" className={classes.main} tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label="Loading page" />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}

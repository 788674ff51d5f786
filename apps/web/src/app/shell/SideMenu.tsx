import { useMemo, useState, type ReactNode } from 'react';
import { NavLink, Skeleton, Stack } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { IconExternalLink } from '@tabler/icons-react';
import { useHandoff } from '../../lib/handoff';
import { useHeaderLinks } from '../../features/navigation/api/header-links';
import { useSideMenu } from '../../features/navigation/api/side-menu';
import { useMe } from '../../features/auth/api/me';
import { openPortalLink } from './open-portal';
import { buildSideMenu, isActivePath, type MenuLink } from './side-menu-model';
import classes from './AppLayout.module.css';

const ADMIN_LINK: MenuLink = { key: 'admin', label: 'Administration', to: '/admin/people' };

interface Props {
  /** Called after a link is followed (closes the drawer on narrow screens). */
  onNavigate?: () => void;
}

function RouteLink({ link, pathname, onNavigate }: { link: MenuLink; pathname: string; onNavigate?: () => void }) {
  const active = isActivePath(link.to, pathname);
  return (
    <NavLink
      component={Link}
      to={link.to}
      label={link.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

/**
 * A non-drillable dashboard: a button that folds its reports away. Open by default so every
 * report is one click away, as in the original menu.
 */
function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  const [opened, setOpened] = useState(true);
  return (
    <NavLink component="button" type="button" label={label} opened={opened} onChange={setOpened} aria-expanded={opened} childrenOffset={12}>
      {children}
    </NavLink>
  );
}

/** The side menu (docs/product/shell.md, 'Side menu'): Dashboard, the user's dashboards, then the static entries for the role. */
export function SideMenu({ onNavigate }: Props) {
  const { data: menu, isPending } = useSideMenu();
  const { data: links } = useHeaderLinks();
  const handoff = useHandoff();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const entries = useMemo(() => (menu ? buildSideMenu(menu, search) : []), [menu, search]);
  // Only administrators see the entry (the server refuses everyone else anyway).
  const isAdmin = useMe().data?.is_admin === true;

  return (
    <nav aria-label="Side menu" id="side-menu" className={classes.menu}>
      {isPending ? (
        <Stack gap={8} p={8} aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={20} radius="sm" />
          ))}
        </Stack>
      ) : (
        entries.map((entry) => {
          if (entry.kind === 'link') return <RouteLink key={entry.key} link={entry} pathname={pathname} onNavigate={onNavigate} />;
          if (entry.kind === 'group') {
            return (
              <MenuGroup key={entry.key} label={entry.label}>
                {entry.children.map((child) => (
                  <RouteLink key={child.key} link={child} pathname={pathname} onNavigate={onNavigate} />
                ))}
              </MenuGroup>
            );
          }
          const portal = links?.[entry.link];
          return (
            <NavLink
              key={entry.key}
              component="button"
              type="button"
              label={entry.label}
              rightSection={<IconExternalLink size={16} aria-hidden />}
              disabled={!portal || handoff.isPending}
              onClick={() => {
                if (portal) openPortalLink(portal, (target) => handoff.mutate(target));
                onNavigate?.();
              }}
            />
          );
        })
      )}
      {isAdmin ? <RouteLink link={ADMIN_LINK} pathname={pathname} onNavigate={onNavigate} /> : null}
    </nav>
  );
}

import { useState } from 'react';
import { ActionIcon, Burger, Button, Menu } from '@mantine/core';
import { can } from '@dossier/shared';
import { IconCalendar, IconChevronDown, IconCurrencyRupee, IconShieldCheck } from '@tabler/icons-react';
import { useHandoff } from '../../lib/handoff';
import { useIsMobile, useIsPhone } from '../../lib/media';
import { useHeaderLinks } from '../../features/navigation/api/header-links';
import { useSideMenu } from '../../features/navigation/api/side-menu';
import { EtlButton } from './EtlButton';
import { nextOpenMenu, type HeaderMenuName } from './header-menus';
import { LinksMenu } from './LinksMenu';
import { Logo } from './Logo';
import { PortalMenuItem } from './PortalMenuItem';
import { SalesPortalButton } from './SalesPortalButton';
import { UserMenu } from './UserMenu';
import { useHeaderSession } from './use-header-session';
import classes from './Header.module.css';

interface Props {
  menuVisible: boolean;
  menuOpenAsDrawer: boolean;
  menuToggled: boolean;
  onToggleMenu: () => void;
}

export function Header({ menuVisible, menuOpenAsDrawer, menuToggled, onToggleMenu }: Props) {
  const session = useHeaderSession();
  const { data: links } = useHeaderLinks();
  // The role comes with the side menu and is handed to the header (docs/product/shell.md, 'Users and roles').
  const { data: sideMenu } = useSideMenu();
  const handoff = useHandoff();
  const isMobile = useIsMobile();
  const isPhone = useIsPhone();
  const [openMenu, setOpenMenu] = useState<HeaderMenuName | null>(null);

  const control = (menu: HeaderMenuName) => ({
    opened: openMenu === menu,
    onChange: (opened: boolean) => setOpenMenu((current) => nextOpenMenu(current, menu, opened)),
  });
  const startHandoff = (target: string) => handoff.mutate(target);
  const showPaymaster =
    sideMenu !== undefined && can({ empRole: sideMenu.user_details.emp_role }, 'paymaster-links') && (links?.paymaster.length ?? 0) > 0;

  return (
    <header className={classes.header}>
      <div className={classes.start}>
        {/* The X shape only while the drawer covers the page; a fixed menu keeps the bars. */}
        <Burger
          opened={menuOpenAsDrawer}
          onClick={onToggleMenu}
          size="sm"
          aria-label="Toggle menu"
          aria-controls={menuVisible ? 'side-menu' : undefined}
          aria-expanded={menuVisible}
        />
        {menuToggled ? null : <Logo />}
      </div>

      <div className={classes.actions}>
        <LinksMenu
          {...control('paymaster')}
          target={
            <ActionIcon variant="subtle" color="gray" c="gray.8" size="lg" aria-label="Payments">
              <IconCurrencyRupee size={20} aria-hidden />
            </ActionIcon>
          }
        >
          {/* The product names this entry 'Rule Search' whatever the configuration calls it (docs/product/shell.md, 'Header'). */}
          {links ? (
            <PortalMenuItem link={{ ...links.rule_search, name: 'Rule Search' }} ready={session.ready} onHandoff={startHandoff} />
          ) : null}
          {showPaymaster && links ? (
            <>
              <Menu.Divider />
              <Menu.Label c="gray.7">Paymaster</Menu.Label>
              {links.paymaster.map((link) => (
                <PortalMenuItem key={`${link.name}-${link.url}`} link={link} ready={session.ready} onHandoff={startHandoff} />
              ))}
            </>
          ) : null}
        </LinksMenu>

        {isPhone ? null : <EtlButton />}

        <LinksMenu
          {...control('insurance')}
          width={260}
          target={
            isMobile ? (
              <ActionIcon variant="subtle" color="gray" c="gray.8" size="lg" aria-label="Insurance">
                <IconShieldCheck size={20} aria-hidden />
              </ActionIcon>
            ) : (
              <Button variant="subtle" color="gray" c="gray.9" size="compact-md" rightSection={<IconChevronDown size={16} aria-hidden />}>
                Insurance
              </Button>
            )
          }
        >
          {links?.insurance.map((link) => (
            <PortalMenuItem key={`${link.value}-${link.name}`} link={link} ready={session.ready} onHandoff={startHandoff} />
          ))}
        </LinksMenu>

        <LinksMenu
          {...control('meeting')}
          target={
            <ActionIcon variant="subtle" color="gray" c="gray.8" size="lg" aria-label="Meetings">
              <IconCalendar size={20} aria-hidden />
            </ActionIcon>
          }
        >
          {links?.meeting.map((link) => (
            <PortalMenuItem key={`${link.value}-${link.name}`} link={link} ready={session.ready} onHandoff={startHandoff} />
          ))}
        </LinksMenu>

        <SalesPortalButton
          link={links?.sales_portal}
          ready={session.ready}
          short={isMobile}
          pending={handoff.isPending && handoff.variables === links?.sales_portal.target}
          onHandoff={startHandoff}
        />

        <UserMenu name={session.name} code={session.code} compact={isMobile} />
      </div>
    </header>
  );
}

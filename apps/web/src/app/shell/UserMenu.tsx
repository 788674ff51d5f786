import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { IconCalendar, IconChevronDown, IconLogout, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { useLogout } from '../../features/auth/api/logout';
import { HEADER_POPUP_Z_INDEX } from './layers';
import classes from './Header.module.css';

interface Props {
  name: string;
  code: string;
  compact: boolean;
}

/** The button's name holds the name and code it shows, so a person can say what they see (label in name). */
const menuLabel = (name: string, code: string) => ['User menu', [name, code].filter(Boolean).join(' ')].filter(Boolean).join(': ');

/** The signed-in user (name and code) with Logout; phones show only the icon, details in the menu. */
export function UserMenu({ name, code, compact }: Props) {
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal zIndex={HEADER_POPUP_Z_INDEX} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton
          className={compact ? classes.userButton : `${classes.userButton} ${classes.userButtonWide}`}
          aria-label={menuLabel(name, code)}
        >
          <IconUser size={20} aria-hidden />
          {!compact && (name || code) ? (
            <span className={classes.userText}>
              <span className={classes.userName}>{name || code}</span>
              {name && code ? <span className={classes.userCode}> {code}</span> : null}
            </span>
          ) : null}
          {!compact ? <IconChevronDown size={16} aria-hidden /> : null}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {name || code ? (
          <Menu.Label c="gray.7">
            {name}
            {name && code ? ` (${code})` : code}
          </Menu.Label>
        ) : null}
        <Menu.Item component={Link} to="/sessions" leftSection={<IconShieldCheck size={16} aria-hidden />}>
          My sessions
        </Menu.Item>
        <Menu.Item component={Link} to="/subscriptions" leftSection={<IconCalendar size={16} aria-hidden />}>
          My subscriptions
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => logout.mutate()} disabled={logout.isPending}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Menu } from '@mantine/core';
import type { PortalLink } from '@dossier/shared';
import { openPortalLink } from './open-portal';

interface Props {
  link: PortalLink;
  /** Hand-offs wait for the header's delayed session read. */
  ready: boolean;
  onHandoff: (target: string) => void;
}

/** One entry of the rupee, Insurance or meeting menu. */
export function PortalMenuItem({ link, ready, onHandoff }: Props) {
  if (link.target === null) {
    return (
      <Menu.Item component="a" href={link.url} target="_blank" rel="noopener noreferrer">
        {link.name}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item disabled={!ready} onClick={() => openPortalLink(link, onHandoff)}>
      {link.name}
    </Menu.Item>
  );
}

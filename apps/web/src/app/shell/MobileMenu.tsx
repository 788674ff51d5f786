import { Drawer } from '@mantine/core';
import { SideMenu } from './SideMenu';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** The side menu as an overlay drawer on screens of 768px or less (loaded only there). */
export default function MobileMenu({ opened, onClose }: Props) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={240}
      title="Dossier"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
      styles={{ body: { padding: 0 }, title: { fontWeight: 800 } }}
    >
      <SideMenu onNavigate={onClose} />
    </Drawer>
  );
}

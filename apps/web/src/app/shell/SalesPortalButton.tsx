import { Button } from '@mantine/core';
import type { PortalLink } from '@dossier/shared';
import { openPortalLink } from './open-portal';

interface Props {
  link: PortalLink | undefined;
  ready: boolean;
  short: boolean;
  pending: boolean;
  onHandoff: (target: string) => void;
}

/** 'Sales Portal' ('Sales' on phones): hands the user off to the sales portal in a new tab. */
export function SalesPortalButton({ link, ready, short, pending, onHandoff }: Props) {
  return (
    <Button
      size="compact-md"
      variant="filled"
      disabled={!link || !ready}
      loading={pending}
      onClick={() => link && openPortalLink(link, onHandoff)}
    >
      {short ? 'Sales' : 'Sales Portal'}
    </Button>
  );
}

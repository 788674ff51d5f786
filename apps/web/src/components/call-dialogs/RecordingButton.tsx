import { Button } from '@mantine/core';
import { COMMUNICATION_SERVICE_PATH } from '@dossier/shared';
import { IconCirclePlay } from '@tabler/icons-react';

/** Play recording: opens it in a new window at the communication service path plus recording_url (docs/product/callcentre.md, 'TRM dashboard'). */
export function RecordingButton({ url, mt }: { url: string; mt?: number }) {
  return (
    <Button
      mt={mt}
      size="xs"
      variant="light"
      leftSection={<IconCirclePlay size={16} aria-hidden />}
      onClick={() => window.open(`${COMMUNICATION_SERVICE_PATH}${url}`, '_blank', 'noopener')}
    >
      Play recording
    </Button>
  );
}

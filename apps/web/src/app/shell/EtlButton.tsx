import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Loader, Popover } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { can } from '@dossier/shared';
import { useMe } from '../../features/auth/api/me';
import { HEADER_POPUP_Z_INDEX } from './layers';

// Loaded on first opening: most visits never open the panel.
const EtlJobsPanel = lazy(() => import('../../features/etl/components/EtlJobsPanel'));

const PANEL_ID = 'etl-jobs-panel';

/**
 * Info button with the ETL summary panel (docs/product/etl.md, 'ETL panel'): each opening mounts a fresh panel,
 * which fetches again. A labelled region, not a dialog: it only shows text.
 */
export function EtlButton() {
  const [opened, setOpened] = useState(false);
  const [openings, setOpenings] = useState(0);
  const me = useMe().data;
  // Display only: the server refuses the run to anyone else.
  const mayRun = me !== undefined && can({ empRole: me.emp_role }, 'etl-operations');

  const toggle = () => {
    if (!opened) setOpenings(openings + 1);
    setOpened(!opened);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={340}
      shadow="md"
      withinPortal
      withRoles={false}
      zIndex={HEADER_POPUP_Z_INDEX}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          c="gray.8"
          size="lg"
          aria-label="ETL jobs"
          aria-expanded={opened}
          aria-controls={opened ? PANEL_ID : undefined}
          onClick={toggle}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpened(false);
          }}
        >
          <IconInfoCircle size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown id={PANEL_ID} role="region" aria-label="ETL jobs">
        <Suspense fallback={<Loader size="sm" aria-label="Loading ETL jobs" />}>
          <EtlJobsPanel key={openings} mayRun={mayRun} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}

import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Loader, Popover } from '@mantine/core';
import { IconInfo } from '../../components/icons';

// Loaded on first opening: most visits never open the panel.
const EtlJobsPanel = lazy(() => import('../../features/etl/components/EtlJobsPanel'));

/**
 * Info button with the ETL summary panel. Each opening mounts a fresh panel (new key), which
 * fetches the job list again (000 §2: data is fetched each time it opens).
 */
export function EtlButton() {
  const [opened, setOpened] = useState(false);
  const [openings, setOpenings] = useState(0);

  const toggle = () => {
    if (!opened) setOpenings(openings + 1);
    setOpened(!opened);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label="ETL jobs" aria-expanded={opened} onClick={toggle}>
          <IconInfo />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label="ETL jobs">
        <Suspense fallback={<Loader size="sm" aria-label="Loading ETL jobs" />}>
          <EtlJobsPanel key={openings} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}

import { useState } from 'react';
import { ActionIcon, Badge, Popover, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { titleCaseOrNA, type PartnerCallLog } from '@dossier/shared';
import { IconPhone } from '@tabler/icons-react';

/** The partner call-log icon: the partner's calls on the case (start time, from, to, status). */
export function PartnerCallLogs({ logs }: { logs: readonly PartnerCallLog[] }) {
  const [opened, setOpened] = useState(false);
  // Escape closes it wherever the focus is (the popover's own handler needs the focus inside it).
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') setOpened(false);
  });
  return (
    <Popover width={280} position="bottom" withArrow shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Popover.Target>
        <ActionIcon
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          variant={logs.length > 0 ? 'light' : 'subtle'}
          color={logs.length > 0 ? 'indigo' : 'gray'}
          aria-label={`Partner call logs (${logs.length})`}
        >
          <IconPhone size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        {logs.length === 0 ? (
          <Text size="sm">No partner calls on this case</Text>
        ) : (
          <Stack gap={6}>
            {logs.map((log, i) => (
              <div key={i}>
                <Text size="xs" c="gray.7">
                  {log.start_time}
                </Text>
                <Text size="sm">
                  {titleCaseOrNA(log.from_name)} → {titleCaseOrNA(log.to_name)}{' '}
                  <Badge size="xs" color={log.call_status === 'missed' ? 'red' : 'green'} variant="light">
                    {log.call_status}
                  </Badge>
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

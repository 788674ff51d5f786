import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDateTime12 } from '../../../lib/format';
import type { EtlJob } from '@dossier/shared';
import { useEtlJobs } from '../api/etl-jobs';

function statusColor(status: string | null | undefined): string {
  if (!status) return 'gray';
  const s = status.toLowerCase();
  if (s === 'failed' || s === 'error') return 'red';
  if (s === 'running') return 'blue';
  return 'green';
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="xs" ff="monospace">
        {value}
      </Text>
    </Group>
  );
}

function JobItem({ job }: { job: EtlJob }) {
  return (
    <Stack gap={2} component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {job.name}
        </Text>
        {job.status ? (
          <Badge size="sm" variant="dot" color={statusColor(job.status)} c="gray.9">
            {job.status}
          </Badge>
        ) : null}
      </Group>
      <Row label="Last successful run" value={formatDateTime12(job.last_successful_run_at)} />
      <Row label="Last transaction created" value={formatDateTime12(job.last_transaction_created_at)} />
      <Row label="Last transaction updated" value={formatDateTime12(job.last_transaction_updated_at)} />
      {job.rows_processed !== undefined && job.rows_processed !== null ? (
        <Row label="Rows processed" value={String(job.rows_processed)} />
      ) : null}
      {job.last_error ? (
        <Text size="xs" c="red.9">
          {job.last_error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The ETL summary panel of the header (docs/product/etl.md, 'ETL panel'): when each roll-up last caught up. */
export default function EtlJobsPanel() {
  const { data, isPending, isFetching, isError } = useEtlJobs();
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h5">
          ETL jobs
        </Title>
        {isFetching ? <Loader size="xs" aria-label="Loading ETL jobs" /> : null}
      </Group>
      {isPending && !isError ? null : isError ? (
        <Text size="sm">ETL jobs could not be loaded.</Text>
      ) : data.length === 0 ? (
        <Text size="sm">No ETL jobs yet</Text>
      ) : (
        <Stack gap="md" component="ul" m={0} p={0} aria-label="ETL jobs" mah={360} style={{ overflowY: 'auto' }}>
          {data.map((job) => (
            <JobItem key={job.name} job={job} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDateTime12 } from '../../../lib/format';
import type { EtlJob, EtlRunResponse } from '@dossier/shared';
import { useEtlJobs } from '../api/etl-jobs';
import { useRunEtl } from '../api/etl-run';

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
      {job.behind_imports_seconds !== null ? (
        <Row label="Behind the imports" value={job.behind_imports_seconds === 0 ? 'up to date' : `${job.behind_imports_seconds} s`} />
      ) : null}
      {job.last_error ? (
        <Text size="xs" c="red.9">
          {job.last_error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What a finished run did, in one line (docs/product/etl.md, 'Run now'). */
function runOutcome(result: EtlRunResponse): string {
  if (!result.ran) return 'A run was already in progress: the roll-ups are being brought up to date.';
  const imported = (result.source?.entities ?? []).reduce((n, e) => n + e.inserted + e.updated, 0);
  const failed = (result.source?.entities ?? []).filter((e) => e.error !== null).map((e) => e.entity);
  const parts = [`Done: ${result.rows_processed.toLocaleString('en-IN')} rows processed`];
  if (result.source) parts.push(`${imported.toLocaleString('en-IN')} source rows imported`);
  if (failed.length > 0) parts.push(`not applied: ${failed.join(', ')}`);
  return `${parts.join('; ')}.`;
}

function RunNow() {
  const run = useRunEtl();
  return (
    <Stack gap={4}>
      <Button size="xs" variant="default" w="fit-content" onClick={() => run.mutate()} loading={run.isPending}>
        Run now
      </Button>
      <Text size="xs" role="status" c={run.isError ? 'red.9' : 'gray.8'}>
        {run.isPending
          ? 'Running: importing from the source, then folding the changes into the reports…'
          : run.isError
            ? `The run failed: ${run.error.message}`
            : run.data
              ? runOutcome(run.data)
              : null}
      </Text>
    </Stack>
  );
}

/**
 * The header's ETL panel (docs/product/etl.md): when each roll-up last caught up, and 'Run now' for operations
 * staff. During a run the list is read every second, so the statuses show progress.
 */
export default function EtlJobsPanel({ mayRun = false }: { mayRun?: boolean }) {
  const { data, isPending, isFetching, isError } = useEtlJobs({
    refetchInterval: (query) => (query.state.data?.some((j) => j.status === 'running') ? 1000 : false),
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h5">
          ETL jobs
        </Title>
        {isFetching ? <Loader size="xs" aria-label="Loading ETL jobs" /> : null}
      </Group>
      {mayRun ? <RunNow /> : null}
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

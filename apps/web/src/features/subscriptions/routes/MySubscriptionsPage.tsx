import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { kolkataDateTime, toDayMonthYear, type Subscription } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { actionsColumn, type DataTableColumn } from '../../../components/data-table/types';
import { openMessageDialog } from '../../../components/message-dialog/open-message-dialog';
import { Screen } from '../../../components/page/Screen';
import { useDeleteSubscription, useSendSubscriptionNow, useSubscriptions, useUpdateSubscription } from '../api/subscriptions';
import { openEditScheduleDialog } from '../components/edit-schedule-dialog';

/** The filters a subscription mails with, in a line: period, account, and how many of each list. */
export function filtersText(s: Subscription): string {
  // The daily brief has no filters: it is the user's own team on the morning it is sent.
  if (s.kind === 'brief') return 'Your team, on the day';
  const f = s.filters;
  const parts = [f.start_date && f.end_date ? `${toDayMonthYear(f.start_date)} to ${toDayMonthYear(f.end_date)}` : 'Default period'];
  if (f.account_id) parts.push(`Account ${f.account_id}`);
  if (f.product_type_id?.length) parts.push(`${f.product_type_id.length} product${f.product_type_id.length === 1 ? '' : 's'}`);
  if (f.insurer?.length) parts.push(`Insurers: ${f.insurer.join(', ')}`);
  if (f.state?.length) parts.push(`States: ${f.state.join(', ')}`);
  if (f.business_type?.length) parts.push(`${f.business_type.length} business type${f.business_type.length === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

const when = (iso: string | null) => (iso ? kolkataDateTime(new Date(iso)) : '-');

/** My subscriptions (/subscriptions): the user's scheduled report mails; send now, pause, resume, edit, delete. */
export default function MySubscriptionsPage() {
  const { data, isPending } = useSubscriptions();
  const update = useUpdateSubscription();
  const remove = useDeleteSubscription();
  const sendNow = useSendSubscriptionNow();

  const columns: DataTableColumn<Subscription>[] = [
    { id: 'report', header: 'Report', value: (s) => s.report_name, minWidth: 160 },
    { id: 'filters', header: 'Filters', value: (s) => filtersText(s), minWidth: 160 },
    { id: 'schedule', header: 'Schedule', value: (s) => s.schedule_text },
    {
      id: 'next',
      header: 'Next mail',
      value: (s) => (s.paused ? 'Paused' : when(s.next_run_at)),
      sortValue: (s) => (s.paused ? '' : s.next_run_at),
      cell: (s) =>
        s.paused ? (
          <Stack gap={2}>
            <Badge color="yellow" variant="light">
              Paused
            </Badge>
            {s.paused_reason ? (
              <Text size="xs" c="gray.7">
                {s.paused_reason}
              </Text>
            ) : null}
          </Stack>
        ) : (
          when(s.next_run_at)
        ),
    },
    {
      id: 'last',
      header: 'Last mail',
      value: (s) => (s.last_run_at ? `${when(s.last_run_at)} ${s.last_result ?? ''}` : '-'),
      sortValue: (s) => s.last_run_at ?? '',
    },
    actionsColumn((s) => (
      <Group gap={4} wrap="nowrap">
        <Button
          size="xs"
          variant="subtle"
          aria-label={`Send now: ${s.report_name}`}
          loading={sendNow.isPending && sendNow.variables === s.id}
          disabled={sendNow.isPending}
          onClick={() =>
            sendNow.mutate(s.id, { onSuccess: (res) => openMessageDialog({ title: 'Info', message: res.message, defaultKey: 'Info' }) })
          }
        >
          Send now
        </Button>
        <Button
          size="xs"
          variant="subtle"
          aria-label={`${s.paused ? 'Resume' : 'Pause'} ${s.report_name}`}
          disabled={update.isPending}
          onClick={() => update.mutate({ id: s.id, body: { paused: !s.paused } })}
        >
          {s.paused ? 'Resume' : 'Pause'}
        </Button>
        {/* The daily brief's time is fixed (docs/product/brief.md, 'By mail'). */}
        {s.kind === 'brief' ? null : (
          <Button size="xs" variant="subtle" aria-label={`Edit ${s.report_name}`} onClick={() => openEditScheduleDialog(s)}>
            Edit
          </Button>
        )}
        <Button
          size="xs"
          variant="subtle"
          color="red"
          aria-label={`Delete ${s.report_name}`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(s.id, { onSuccess: (res) => openMessageDialog({ title: 'Info', message: res.message, defaultKey: 'Info' }) })
          }
        >
          Delete
        </Button>
      </Group>
    )),
  ];

  return (
    <Screen title="My subscriptions">
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          Reports mailed to you on a schedule (India time), with the figures of your team as it is when each mail is sent. Schedule one from
          a report&apos;s mail icon; &lsquo;Send now&rsquo; mails one to you at once, its schedule unchanged.
        </Text>
        <DataTable
          label="My subscriptions"
          columns={columns}
          rows={data?.subscriptions}
          loading={isPending}
          getRowId={(s) => String(s.id)}
          emptyText="No subscriptions yet"
          searchWhenEmpty={false}
          minWidth={760}
        />
      </Stack>
    </Screen>
  );
}

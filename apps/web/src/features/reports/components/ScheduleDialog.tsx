import { Stack, Text } from '@mantine/core';
import { kolkataDateTime, toDayMonthYear, type ReportFilterBody } from '@dossier/shared';
import { DEFAULT_SCHEDULE_FORM, ScheduleFields } from '../../../components/schedule-form/ScheduleFields';
import { useScheduleForm } from '../../../components/schedule-form/use-schedule-form';
import { openMessageDialog } from '../../../components/message-dialog/open-message-dialog';
import { useCreateSubscription } from '../api/create-subscription';
import { FormActions } from '../../../components/form-actions/FormActions';

/** The period a subscription mails: the dates chosen on screen, or the report's default at each mail. */
export function periodText(filters: ReportFilterBody): string {
  return filters.start_date && filters.end_date
    ? `${toDayMonthYear(filters.start_date)} to ${toDayMonthYear(filters.end_date)} (fixed)`
    : "The report's default period at each mail (this month for most reports)";
}

/**
 * 'Schedule…' of the report's mail menu (docs/product/subscriptions.md, 'Schedule dialog'): frequency, time and
 * day; saving subscribes to the report with the filters it shows now.
 */
export function ScheduleDialog({ onClose, reportId, filters }: { onClose: () => void; reportId: number; filters: ReportFilterBody }) {
  const schedule = useScheduleForm(DEFAULT_SCHEDULE_FORM);
  const create = useCreateSubscription();
  return (
    <form
      onSubmit={schedule.onSubmit((parsed) =>
        create.mutate(
          { report_id: reportId, filters, schedule: parsed },
          {
            onSuccess: (sub) => {
              onClose();
              openMessageDialog({
                title: 'Subscription saved',
                message: `${sub.report_name}: ${sub.schedule_text}. Next mail ${kolkataDateTime(new Date(sub.next_run_at))}. See My subscriptions to change it.`,
                defaultKey: 'Info',
              });
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">
          <Text span fw={600}>
            Period:
          </Text>{' '}
          {periodText(filters)}
          {filters.account_id ? `, for ${filters.account_id}` : ''}
        </Text>
        <ScheduleFields form={schedule} />
        <FormActions error={create.error} errorTitle="Not scheduled" submitLabel="Save" pending={create.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { kolkataDateTime, toDayMonthYear, type ReportFilterBody } from '@dossier/shared';
import {
  DEFAULT_SCHEDULE_FORM,
  parseScheduleForm,
  ScheduleFields,
  type ScheduleErrors,
} from '../../../components/schedule-form/ScheduleFields';
import { openMessageDialog } from '../../../components/message-dialog/dialog-store';
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
export function ScheduleDialog({
  opened,
  onClose,
  reportId,
  reportName,
  filters,
}: {
  opened: boolean;
  onClose: () => void;
  reportId: number;
  reportName: string;
  filters: ReportFilterBody;
}) {
  const [form, setForm] = useState(DEFAULT_SCHEDULE_FORM);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const create = useCreateSubscription();
  const close = () => {
    create.reset();
    setErrors({});
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Schedule ${reportName}`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseScheduleForm(form);
          if ('errors' in parsed) {
            setErrors(parsed.errors);
            return;
          }
          setErrors({});
          create.mutate(
            { report_id: reportId, filters, schedule: parsed.schedule },
            {
              onSuccess: (sub) => {
                close();
                openMessageDialog({
                  title: 'Subscription saved',
                  message: `${sub.report_name}: ${sub.schedule_text}. Next mail ${kolkataDateTime(new Date(sub.next_run_at))}. See My subscriptions to change it.`,
                  defaultKey: 'Info',
                });
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            <Text span fw={600}>
              Period:
            </Text>{' '}
            {periodText(filters)}
            {filters.account_id ? `, for ${filters.account_id}` : ''}
          </Text>
          <ScheduleFields
            value={form}
            onChange={(next) => {
              setForm(next);
              setErrors({});
            }}
            errors={errors}
          />
          <FormActions error={create.error} errorTitle="Not scheduled" submitLabel="Save" pending={create.isPending} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}

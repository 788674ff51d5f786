import { Stack } from '@mantine/core';
import type { Subscription } from '@dossier/shared';
import { ScheduleFields, scheduleForm } from '../../../components/schedule-form/ScheduleFields';
import { useScheduleForm } from '../../../components/schedule-form/use-schedule-form';
import { useUpdateSubscription } from '../api/subscriptions';
import { FormActions } from '../../../components/form-actions/FormActions';

/** 'Edit' on My subscriptions: the schedule only (the filters are the report's as it was subscribed). */
export function EditScheduleDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const schedule = useScheduleForm(scheduleForm(subscription.schedule));
  // A refusal shows in the dialog, not in a message over it, so the schedule being edited stays.
  const update = useUpdateSubscription({ errorDialog: false });
  return (
    <form
      onSubmit={schedule.onSubmit((parsed) => update.mutate({ id: subscription.id, body: { schedule: parsed } }, { onSuccess: onClose }))}
    >
      <Stack gap="sm">
        <ScheduleFields form={schedule} />
        <FormActions error={update.error} errorTitle="Not saved" submitLabel="Save" pending={update.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

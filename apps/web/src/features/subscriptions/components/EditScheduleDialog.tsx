import { useState } from 'react';
import { Modal, Stack } from '@mantine/core';
import type { Subscription } from '@dossier/shared';
import { parseScheduleForm, ScheduleFields, scheduleForm, type ScheduleErrors } from '../../../components/schedule-form/ScheduleFields';
import { useUpdateSubscription } from '../api/subscriptions';
import { FormActions } from '../../../components/form-actions/FormActions';

/** 'Edit' on My subscriptions: the schedule only (the filters are the report's as it was subscribed). */
export function EditScheduleDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const [form, setForm] = useState(() => scheduleForm(subscription.schedule));
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const update = useUpdateSubscription();
  return (
    <Modal opened onClose={onClose} title={`Edit ${subscription.report_name}`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseScheduleForm(form);
          if ('errors' in parsed) {
            setErrors(parsed.errors);
            return;
          }
          update.mutate({ id: subscription.id, body: { schedule: parsed.schedule } }, { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <ScheduleFields
            value={form}
            onChange={(next) => {
              setForm(next);
              setErrors({});
            }}
            errors={errors}
          />
          <FormActions error={update.error} errorTitle="Not saved" submitLabel="Save" pending={update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

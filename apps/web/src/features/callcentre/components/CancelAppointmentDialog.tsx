import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { CANCELLATION_REASONS, titleCaseOrNA, type AppointmentRow } from '@dossier/shared';
import { Refusal } from '../../../components/form-actions/FormActions';
import { useCancelAppointment } from '../api/cancel-appointment';

type Reason = (typeof CANCELLATION_REASONS)[number];

/** 'Cancel appointment': the appointment, a reason, then Keep or cancel; a refusal shows here. */
export function CancelAppointmentDialog({ appointment, onClose }: { appointment: AppointmentRow; onClose: () => void }) {
  const [reason, setReason] = useState<Reason>(CANCELLATION_REASONS[0]);
  const cancel = useCancelAppointment();
  return (
    <Stack gap="sm">
      <Text size="sm">{`${appointment.date}, ${appointment.slot} with ${titleCaseOrNA(appointment.customer_name)}`}</Text>
      <Radio.Group label="Reason" value={reason} onChange={(v) => setReason(CANCELLATION_REASONS.find((r) => r === v) ?? 'Other')}>
        <Stack gap={6} mt={4}>
          {CANCELLATION_REASONS.map((r) => (
            <Radio key={r} value={r} label={r} />
          ))}
        </Stack>
      </Radio.Group>
      <Refusal error={cancel.error} title="Not cancelled" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Keep
        </Button>
        <Button
          color="red"
          loading={cancel.isPending}
          onClick={() => cancel.mutate({ appointment_id: appointment.appointment_id, reason }, { onSuccess: onClose })}
        >
          Cancel appointment
        </Button>
      </Group>
    </Stack>
  );
}

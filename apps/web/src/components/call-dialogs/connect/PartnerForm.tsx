import type { ReactNode } from 'react';
import { Group, Radio, Stack } from '@mantine/core';
import { PARTNER_CHOICE_CALL_BACK, PARTNER_CHOICES, PARTNER_REASONS, type Slot } from '@dossier/shared';
import type { PartnerFormState } from './connect-state';
import { MeetingDateCards } from './MeetingDateCards';
import { NoteField } from './NoteField';
import { SlotSelect } from './SlotSelect';

interface Props {
  state: PartnerFormState;
  onChange: (next: PartnerFormState) => void;
  slots: readonly Slot[];
  slotsLoading: boolean;
  today: string;
  /** The form's message for the note, if any. */
  noteError?: ReactNode;
}

/**
 * Partner section (docs/product/callcentre.md, 'Connect-call dialog'): Status; the reason for not connecting when the status is set;
 * the partner's choice for reason 1; call-back slots for choice 1. Choice 4 (schedule) has no control.
 */
export function PartnerForm(p: Props) {
  const set = (patch: Partial<PartnerFormState>) => p.onChange({ ...p.state, ...patch, touched: true });
  return (
    <Stack gap="sm" data-testid="partner-form">
      <Radio.Group label="Status" value={p.state.notConnected ? 'true' : 'false'} onChange={(v) => set({ notConnected: v === 'true' })}>
        <Group mt={4}>
          <Radio value="false" label="Connected" />
          <Radio value="true" label="Not Connected" />
        </Group>
      </Radio.Group>
      {p.state.notConnected ? (
        <Radio.Group label="Reason for not connecting" value={String(p.state.reason)} onChange={(v) => set({ reason: Number(v) as 1 | 2 })}>
          <Group mt={4}>
            {PARTNER_REASONS.map((r) => (
              <Radio key={r.value} value={String(r.value)} label={r.label} />
            ))}
          </Group>
        </Radio.Group>
      ) : null}
      {p.state.notConnected && p.state.reason === 1 ? (
        <Radio.Group
          label="Partner Choice"
          value={String(p.state.choice)}
          onChange={(v) => set({ choice: Number(v) as 1 | 2 | 3, slotId: null })}
        >
          <Group mt={4}>
            {PARTNER_CHOICES.filter((c) => c.value !== 4).map((c) => (
              <Radio key={c.value} value={String(c.value)} label={c.label} />
            ))}
          </Group>
        </Radio.Group>
      ) : null}
      {p.state.notConnected && p.state.reason === 1 && p.state.choice === PARTNER_CHOICE_CALL_BACK ? (
        <SlotSelect
          label="Call Back Time Slot"
          slots={p.slots}
          loading={p.slotsLoading}
          value={p.state.slotId}
          onChange={(slotId) => set({ slotId })}
        />
      ) : null}
      {p.state.choice === 4 ? <MeetingDateCards choice={0} picked={null} today={p.today} onChange={() => undefined} /> : null}
      <NoteField value={p.state.notes} onChange={(notes) => set({ notes })} error={p.noteError} />
    </Stack>
  );
}

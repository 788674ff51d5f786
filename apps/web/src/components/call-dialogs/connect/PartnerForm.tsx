import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { PARTNER_CHOICE_CALL_BACK, PARTNER_CHOICES, PARTNER_REASONS, type Slot } from '@dossier/shared';
import type { PartnerFormState } from './connect-state';
import { MeetingDateCards } from './MeetingDateCards';
import { NoteField } from './NoteField';
import { RadioRow } from './RadioRow';
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

const STATUS = [
  { value: 'false', label: 'Connected' },
  { value: 'true', label: 'Not Connected' },
];

/**
 * Partner section (docs/product/callcentre.md, 'Connect-call dialog'): Status; the reason for not connecting when the status is set;
 * the partner's choice for reason 1; call-back slots for choice 1. Choice 4 (schedule) has no control.
 */
export function PartnerForm(p: Props) {
  const set = (patch: Partial<PartnerFormState>) => p.onChange({ ...p.state, ...patch, touched: true });
  return (
    <Stack gap="sm" data-testid="partner-form">
      <RadioRow
        label="Status"
        value={String(p.state.notConnected)}
        options={STATUS}
        onChange={(v) => set({ notConnected: v === 'true' })}
      />
      {p.state.notConnected ? (
        <RadioRow
          label="Reason for not connecting"
          value={String(p.state.reason)}
          options={PARTNER_REASONS}
          onChange={(v) => set({ reason: Number(v) as 1 | 2 })}
        />
      ) : null}
      {p.state.notConnected && p.state.reason === 1 ? (
        <RadioRow
          label="Partner Choice"
          value={String(p.state.choice)}
          options={PARTNER_CHOICES.filter((c) => c.value !== 4)}
          onChange={(v) => set({ choice: Number(v) as 1 | 2 | 3, slotId: null })}
        />
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

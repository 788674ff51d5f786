import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { CUSTOMER_CHOICE_NOT_INTERESTED, CUSTOMER_CHOICE_SCHEDULE, CUSTOMER_CHOICES, type Slot } from '@dossier/shared';
import { AdvisorSearch } from './AdvisorSearch';
import type { AdvisorState, CustomerFormState } from './connect-state';
import { MeetingDateCards } from './MeetingDateCards';
import { NoteField } from './NoteField';
import { RadioRow } from './RadioRow';
import { SlotSelect } from './SlotSelect';

interface Props {
  state: CustomerFormState;
  onChange: (next: CustomerFormState) => void;
  advisor: AdvisorState;
  onAdvisorChange: (next: AdvisorState) => void;
  /** False once a new advisor has been assigned: nothing left to find. */
  advisorNeeded: boolean;
  slots: readonly Slot[];
  slotsLoading: boolean;
  today: string;
  /** The form's message for the note, if any. */
  noteError?: ReactNode;
  managerCode: string;
  caseId: number;
}

const CALL_STATUS = [
  { value: 'false', label: 'Not Connected' },
  { value: 'true', label: 'Connected' },
];

export function CustomerForm(p: Props) {
  const set = (patch: Partial<CustomerFormState>) => p.onChange({ ...p.state, ...patch, touched: true });
  return (
    <Stack gap="sm" data-testid="customer-form">
      <RadioRow
        label="Call Status"
        value={String(p.state.connected)}
        options={CALL_STATUS}
        onChange={(v) => set({ connected: v === 'true' })}
      />
      <RadioRow
        label="Customer Choice"
        value={String(p.state.choice)}
        options={CUSTOMER_CHOICES}
        onChange={(v) => set({ choice: Number(v) as 1 | 2 | 3 })}
      />
      {p.state.choice === CUSTOMER_CHOICE_SCHEDULE ? (
        <>
          <MeetingDateCards
            choice={p.state.meeting}
            picked={p.state.picked}
            today={p.today}
            onChange={(meeting, picked) => set({ meeting, picked, slotId: null })}
          />
          <SlotSelect
            label="Schedule an Appointment for"
            slots={p.slots}
            loading={p.slotsLoading}
            value={p.state.slotId}
            onChange={(slotId) => set({ slotId })}
          />
        </>
      ) : null}
      {p.state.choice === CUSTOMER_CHOICE_NOT_INTERESTED && p.advisorNeeded ? (
        <AdvisorSearch state={p.advisor} managerCode={p.managerCode} caseId={p.caseId} onChange={p.onAdvisorChange} />
      ) : null}
      <NoteField value={p.state.notes} onChange={(notes) => set({ notes })} error={p.noteError} />
    </Stack>
  );
}

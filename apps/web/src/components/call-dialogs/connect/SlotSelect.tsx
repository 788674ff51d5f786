import { Select } from '@mantine/core';
import type { Slot } from '@dossier/shared';

interface Props {
  label: string;
  slots: readonly Slot[];
  value: number | null;
  onChange: (slotId: number | null) => void;
  loading?: boolean;
}

/** A time-slot dropdown; slots already booked for the advisor (or over) cannot be chosen. */
export function SlotSelect({ label, slots, value, onChange, loading = false }: Props) {
  return (
    <Select
      label={label}
      placeholder={loading ? 'Loading slots…' : 'Select a time slot'}
      data={slots.map((s) => ({
        value: String(s.slot_id),
        label: s.available ? s.slot : `${s.slot} (not available)`,
        disabled: !s.available,
      }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      clearable
      allowDeselect
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
      maw={320}
    />
  );
}

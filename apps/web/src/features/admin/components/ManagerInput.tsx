import { useState, type ReactNode } from 'react';
import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { usePeople } from '../api/people';

/** A manager by code, with suggestions of active people as one types (code or name). */
export function ManagerInput({
  value,
  onChange,
  error,
  label = 'Manager code',
}: {
  value: string;
  onChange: (code: string) => void;
  error?: ReactNode;
  label?: string;
}) {
  const [typed, setTyped] = useState(value);
  const [q] = useDebouncedValue(typed.trim(), 250);
  const people = usePeople({ q, status: 'active', limit: 8, offset: 0 });
  const options = q.length >= 2 ? (people.data?.rows ?? []).map((p) => ({ value: p.code, label: `${p.code} — ${p.name}` })) : [];
  return (
    <Autocomplete
      label={label}
      description="Empty: the top of the organisation"
      value={typed}
      data={options}
      filter={({ options: o }) => o}
      onChange={(v) => {
        setTyped(v);
        onChange(v.trim());
      }}
      error={error}
      autoComplete="off"
    />
  );
}

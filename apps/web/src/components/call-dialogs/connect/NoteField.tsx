import type { ReactNode } from 'react';
import { Textarea } from '@mantine/core';
import { NOTE_MAX } from '@dossier/shared';

/** The note box: at most 260 characters (docs/product/callcentre.md, 'Validation'); `error` is the form's. */
export function NoteField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: ReactNode }) {
  return (
    <Textarea
      label="Note"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={NOTE_MAX}
      autosize
      minRows={2}
      maxRows={5}
      description={`${value.length}/${NOTE_MAX}`}
      error={error}
    />
  );
}

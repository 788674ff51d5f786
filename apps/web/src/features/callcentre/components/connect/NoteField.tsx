import { Textarea } from '@mantine/core';
import { NOTE_MAX } from '@dossier/shared';

/** The note box: at most 260 characters (docs/product/callcentre.md, 'Validation'). */
export function NoteField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
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
      error={value.length > NOTE_MAX ? `Note can not be more than ${NOTE_MAX} characters long` : undefined}
    />
  );
}

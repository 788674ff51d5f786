import { Group, Radio } from '@mantine/core';

/** A labelled row of radio buttons, one for each option; `value` and `onChange` speak the options' values as text. */
export function RadioRow(p: {
  label: string;
  value: string;
  options: readonly { value: string | number; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Radio.Group label={p.label} value={p.value} onChange={p.onChange}>
      <Group mt={4}>
        {p.options.map((o) => (
          <Radio key={o.value} value={String(o.value)} label={o.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

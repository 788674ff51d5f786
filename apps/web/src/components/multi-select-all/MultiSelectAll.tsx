import { useId } from 'react';
import { Button, Checkbox, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { isAllSelected, selectionLabel, toggleAll, toggleOne, type SelectionLabels, type SelectOption } from './select-logic';

export interface MultiSelectAllProps<V extends string | number> {
  /** Accessible name of the control, e.g. 'Insurer'. */
  label: string;
  options: readonly SelectOption<V>[];
  selected: readonly V[];
  onChange: (selected: V[]) => void;
  labels: SelectionLabels;
  loading?: boolean;
  width?: number | string;
}

/**
 * A multi-select with an 'All' checkbox (docs/product/report-screens.md, 'Insurer, state and business type'): the button reads the product's labels
 * ('Select Insurer', 'All Insurers Selected', or the chosen names); the list opens in a popover.
 */
export function MultiSelectAll<V extends string | number>({
  label,
  options,
  selected,
  onChange,
  labels,
  loading,
  width = 220,
}: MultiSelectAllProps<V>) {
  const id = useId();
  const text = loading ? 'Loading…' : selectionLabel(options, selected, labels);
  const all = isAllSelected(options, selected);
  const chosen = new Set(selected);
  return (
    <Stack gap={2} w={width} maw="100%">
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        {label}
      </Text>
      <Popover position="bottom-start" shadow="md" withinPortal trapFocus>
        <Popover.Target>
          <Button
            id={id}
            variant="default"
            fw={400}
            justify="space-between"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            disabled={loading}
            aria-label={`${label}: ${text}`}
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          >
            {text}
          </Button>
        </Popover.Target>
        <Popover.Dropdown p="xs" miw={220}>
          {options.length === 0 ? (
            <Text size="sm" c="gray.7">
              No options for this period
            </Text>
          ) : (
            <ScrollArea.Autosize mah={260} type="auto">
              <Stack gap={6} role="group" aria-label={label}>
                <Checkbox
                  label="All"
                  checked={all}
                  indeterminate={!all && selected.length > 0}
                  onChange={(e) => onChange(toggleAll(options, e.currentTarget.checked))}
                />
                {options.map((o) => (
                  <Checkbox
                    key={String(o.value)}
                    label={o.label}
                    checked={chosen.has(o.value)}
                    onChange={(e) => onChange(toggleOne(options, selected, o.value, e.currentTarget.checked))}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Stack>
  );
}

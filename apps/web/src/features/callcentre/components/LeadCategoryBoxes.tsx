import { Group, Radio, Stack, Text } from '@mantine/core';
import type { LeadCategory } from '@dossier/shared';
import { CategoryIcon } from './CategoryIcon';

interface Props {
  categories: readonly LeadCategory[];
  value: number;
  onChange: (value: number) => void;
}

/** Lead-category boxes chosen by radio: count ('leads-no'), name and icon (spec 001 §2). */
export function LeadCategoryBoxes({ categories, value, onChange }: Props) {
  return (
    <Radio.Group value={String(value)} onChange={(v) => onChange(Number(v))} label="Lead category" aria-label="Lead category">
      <Group gap="sm" mt={6} wrap="wrap">
        {categories.map((c) => (
          <Radio.Card key={c.value} value={String(c.value)} radius="md" p="sm" w={150} withBorder aria-label={`${c.name}: ${c['leads-no']} leads`} data-testid={`category-${c.value}`}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Radio.Indicator size="xs" mt={2} />
              <Stack gap={2}>
                <Group gap={6} wrap="nowrap" c="indigo.8">
                  <CategoryIcon name={c.icon} />
                  <Text fw={700} size="lg" className="leads-no">
                    {c['leads-no']}
                  </Text>
                </Group>
                <Text size="xs" lh={1.2}>
                  {c.name}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Group>
    </Radio.Group>
  );
}

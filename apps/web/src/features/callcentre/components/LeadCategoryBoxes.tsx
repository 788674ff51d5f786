import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { LeadCategory } from '@dossier/shared';
import { CategoryIcon } from './CategoryIcon';

interface Props {
  categories: readonly LeadCategory[];
  value: number;
  onChange: (value: number) => void;
}

/**
 * Lead-category boxes chosen by radio: count ('leads-no'), name and icon (docs/product/callcentre.md, 'Advisor Connect Leads'). A grid of
 * equal boxes (two, three or six a row): names of one or two lines keep the boxes level.
 */
export function LeadCategoryBoxes({ categories, value, onChange }: Props) {
  return (
    <Radio.Group value={String(value)} onChange={(v) => onChange(Number(v))} label="Lead category" aria-label="Lead category">
      <SimpleGrid cols={{ base: 2, xs: 3, lg: 6 }} spacing="sm" mt={6}>
        {categories.map((c) => (
          <Radio.Card
            key={c.value}
            value={String(c.value)}
            radius="md"
            p="sm"
            withBorder
            display="flex"
            style={{ alignItems: 'flex-start' }}
            aria-label={`${c.name}: ${c['leads-no']} leads`}
            data-testid={`category-${c.value}`}
          >
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
      </SimpleGrid>
    </Radio.Group>
  );
}

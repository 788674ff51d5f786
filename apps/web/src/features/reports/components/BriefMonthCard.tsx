import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BRIEF_LINKS, briefMonthFigures, briefYesterdayText, type BriefMonth } from '@dossier/shared';
import { Link } from 'react-router';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={600} data-testid={`brief-${label}`}>
        {value}
      </Text>
    </Stack>
  );
}

/** 'The month' of the daily brief (docs/product/brief.md): month to date, where it will land, against target. */
export function BriefMonthCard({ month, title = 'The month' }: { month: BriefMonth; title?: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to={BRIEF_LINKS.month} size="sm">
          Team report summary
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        {briefMonthFigures(month).map((f) => (
          <Figure key={f.label} label={f.label} value={f.value} />
        ))}
      </SimpleGrid>
      <Text size="sm" mt="xs" c="gray.8">
        {briefYesterdayText(month)}
      </Text>
    </Paper>
  );
}

import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatRupee, type BriefMonth } from '@dossier/shared';
import { Link } from 'react-router';

const pct = (n: number | null) => (n === null ? '-' : `${n.toFixed(2)}%`);
const money = (n: number | null) => (n === null ? '-' : formatRupee(n));

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
  const day = (iso: string) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to="/reports/11/" size="sm">
          Team report summary
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        <Figure label="MTD" value={formatRupee(month.mtd)} />
        <Figure label="Projected (month end)" value={formatRupee(month.projected)} />
        <Figure label="Target" value={money(month.target)} />
        <Figure label="Achievement %" value={pct(month.achievement_pct)} />
        <Figure label="Projected %" value={pct(month.projected_pct)} />
        <Figure label="Required per day" value={money(month.required_per_day)} />
      </SimpleGrid>
      <Text size="sm" mt="xs" c="gray.8">
        Yesterday ({day(month.yesterday.date)}) {formatRupee(month.yesterday.premium)} against {formatRupee(month.week_before.premium)} on{' '}
        {day(month.week_before.date)}
      </Text>
    </Paper>
  );
}

import { HoverCard, List, Text, UnstyledButton } from '@mantine/core';

/** The remark, with the case's notes on hover (docs/product/callcentre.md, 'TRM dashboard'). */
export function RemarkCell({ remark, notes }: { remark: string | null; notes: readonly string[] }) {
  const text = remark ?? 'NA';
  if (notes.length === 0) return <Text size="sm">{text}</Text>;
  return (
    <HoverCard width={280} shadow="md" withinPortal openDelay={100}>
      <HoverCard.Target>
        {/* A button: the card's aria-expanded is allowed there (not on a paragraph), and focus opens it. */}
        <UnstyledButton fz="sm" td="underline" style={{ textDecorationStyle: 'dotted', cursor: 'help' }}>
          {text}
        </UnstyledButton>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Text size="xs" fw={600} mb={4}>
          Notes
        </Text>
        <List size="sm">
          {notes.map((n, i) => (
            <List.Item key={i}>{n}</List.Item>
          ))}
        </List>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

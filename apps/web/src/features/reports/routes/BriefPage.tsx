import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { BRIEF_LINKS, briefRenewalsText, formatRupee, type BriefResponse, type SlippingPartner } from '@dossier/shared';
import { IconPhoneCall } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { openConnectCallDialog } from '../../../components/call-dialogs/call-dialogs';
import { MobileLookupButton } from '../../../components/mobile-lookup/MobileLookupButton';
import { Screen } from '../../../components/page/Screen';
import { briefQueryOptions, useBrief } from '../api/brief';
import { BriefMailSwitch } from '../components/BriefMailSwitch';
import { BriefMonthCard } from '../components/BriefMonthCard';
import { RowActions } from '../components/RowActions';

const RENEWAL_ACTIONS = ['renewal-notice', 'renewal-link', 'notice-email'] as const;

/** A section of the page with its title and, beside it, the link to the screen it comes from. */
function Section({ title, to, linkText, children }: { title: string; to: string; linkText: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to={to} size="sm">
          {linkText}
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}

/** A section's table, named like its section; `right` is the one column of figures, aligned right. */
function SectionTable(p: { label: string; columns: string[]; right?: string; minWidth?: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={p.minWidth ?? 640}>
      <Table striped aria-label={p.label}>
        <Table.Thead>
          <Table.Tr>
            {p.columns.map((c) => (
              <Table.Th key={c} ta={c === p.right ? 'right' : undefined}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{p.children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Text size="sm" c="gray.7">
    {text}
  </Text>
);

/**
 * Calls the partner through the connect-call dialog of the call centre, on the case the brief names (a call
 * always belongs to a case; docs/product/brief.md, 'Slipping partners'); none without an open case.
 */
function CallButton({ partner }: { partner: SlippingPartner }) {
  const client = useQueryClient();
  const record = partner.call;
  if (!record)
    return (
      <Text size="xs" c="gray.7">
        No open case
      </Text>
    );
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconPhoneCall size={14} aria-hidden />}
      aria-label={`Call ${partner.partner_name}`}
      // The call may close the case or change it: the brief reads them again when the dialog closes.
      onClick={() =>
        openConnectCallDialog(
          { className: 'brief', callDataInfo: record, party: 2 },
          () => void client.invalidateQueries({ queryKey: briefQueryOptions().queryKey }),
        )
      }
    >
      Call
    </Button>
  );
}

function Slipping({ brief }: { brief: BriefResponse }) {
  const rows = brief.slipping_partners;
  return (
    <Section title="Slipping partners" to={BRIEF_LINKS.slipping} linkText="Product wise last activation date">
      <Text size="sm" c="gray.7" mb="xs">
        Sold in each of the last three full months, nothing in the last 15 days.
      </Text>
      {rows.length === 0 ? (
        <Empty text="No partner is slipping." />
      ) : (
        <SectionTable
          label="Slipping partners"
          columns={['Partner', 'RM', 'Last sale', '3-month premium', 'Mobile', 'Call']}
          right="3-month premium"
        >
          {rows.map((p) => (
            <Table.Tr key={p.partner_code}>
              <Table.Td>
                <Anchor component={Link} to={BRIEF_LINKS.partner(p.partner_code)} size="sm">
                  {p.partner_name} ({p.partner_code})
                </Anchor>
              </Table.Td>
              <Table.Td>
                {p.rm_name} ({p.rm_code})
              </Table.Td>
              <Table.Td>{p.last_sale}</Table.Td>
              <Table.Td ta="right">{formatRupee(p.three_month_premium)}</Table.Td>
              <Table.Td>
                <MobileLookupButton partnerCode={p.partner_code} name={p.partner_name} />
              </Table.Td>
              <Table.Td>
                <CallButton partner={p} />
              </Table.Td>
            </Table.Tr>
          ))}
        </SectionTable>
      )}
    </Section>
  );
}

function Renewals({ brief }: { brief: BriefResponse }) {
  const due = brief.renewals_due;
  return (
    <Section title="Renewals due in 7 days" to={BRIEF_LINKS.renewals(due.start_date, due.end_date)} linkText="Renewal dues">
      <Text size="sm" mb="xs" data-testid="brief-renewals-total">
        {briefRenewalsText(due)}
      </Text>
      {due.top.length === 0 ? null : (
        <SectionTable
          label="Renewals due in 7 days"
          columns={['Actions', 'Policy No', 'Customer', 'Expiry Date', 'Premium', 'Payment']}
          right="Premium"
        >
          {due.top.map((r) => (
            <Table.Tr key={r.policy_no}>
              <Table.Td>
                <RowActions
                  actions={RENEWAL_ACTIONS}
                  record={{ 'Policy No': r.policy_no, product_type: r.product_type, 'Partner Code': r.partner_code }}
                  payKey={undefined}
                />
              </Table.Td>
              <Table.Td>{r.policy_no}</Table.Td>
              <Table.Td>{r.customer}</Table.Td>
              <Table.Td>{r.expiry_date}</Table.Td>
              <Table.Td ta="right">{formatRupee(r.premium)}</Table.Td>
              <Table.Td>
                {r.one_click_url ? (
                  <Button component="a" href={r.one_click_url} target="_blank" rel="noopener noreferrer" size="compact-xs" color="green">
                    Pay Now
                  </Button>
                ) : (
                  '-'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </SectionTable>
      )}
    </Section>
  );
}

function OpenWork({ brief }: { brief: BriefResponse }) {
  const rows = brief.open_work;
  return (
    <Section title="Open work" to={BRIEF_LINKS.openWork} linkText="RM Dashboard">
      {rows.length === 0 ? (
        <Empty text="No open leads or cases." />
      ) : (
        <SectionTable label="Open work" columns={['Since', 'Case', 'Customer', 'Kind', 'TRM']} minWidth={480}>
          {rows.map((w) => (
            <Table.Tr key={w.case_id}>
              <Table.Td>{w.case_date}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={BRIEF_LINKS.workItem(w.kind)} size="sm">
                  {w.case_code ?? w.case_id}
                </Anchor>
              </Table.Td>
              <Table.Td>{w.customer}</Table.Td>
              <Table.Td>{w.kind === 'lead' ? 'Lead' : 'Case'}</Table.Td>
              <Table.Td>{w.trm_code ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </SectionTable>
      )}
    </Section>
  );
}

/** /brief, 'My day' (docs/product/brief.md): where the month will land and whom to call this morning. */
export default function BriefPage() {
  const brief = useBrief();
  return (
    <Screen title="My day" framed={false} actions={<BriefMailSwitch />}>
      {brief.isPending ? (
        <Skeleton h={320} radius="md" aria-label="Loading the daily brief" />
      ) : brief.isError ? (
        <Alert color="red">The daily brief could not be loaded.</Alert>
      ) : (
        <Stack gap="md">
          <BriefMonthCard month={brief.data.month} />
          <Slipping brief={brief.data} />
          <Renewals brief={brief.data} />
          <OpenWork brief={brief.data} />
        </Stack>
      )}
    </Screen>
  );
}

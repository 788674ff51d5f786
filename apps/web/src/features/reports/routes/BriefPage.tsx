import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatRupee, type BriefResponse } from '@dossier/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MobileLookupButton } from '../../../components/mobile-lookup/MobileLookupButton';
import { Screen } from '../../../components/page/Screen';
import { useBrief } from '../api/brief';
import { BriefMonthCard } from '../components/BriefMonthCard';
import { RowActions } from '../components/RowActions';

const RENEWAL_ACTIONS = ['renewal-notice', 'renewal-link', 'notice-email'] as const;

function Section({ title, link, children }: { title: string; link: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {link}
      </Group>
      {children}
    </Paper>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Text size="sm" c="gray.7">
    {text}
  </Text>
);

function Slipping({ brief }: { brief: BriefResponse }) {
  const rows = brief.slipping_partners;
  return (
    <Section
      title="Slipping partners"
      link={
        <Anchor component={Link} to="/reports/27/" size="sm">
          Product wise last activation date
        </Anchor>
      }
    >
      <Text size="sm" c="gray.7" mb="xs">
        Sold in each of the last three full months, nothing in the last 15 days.
      </Text>
      {rows.length === 0 ? (
        <Empty text="No partner is slipping." />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Slipping partners">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Partner</Table.Th>
                <Table.Th>RM</Table.Th>
                <Table.Th>Last sale</Table.Th>
                <Table.Th ta="right">3-month premium</Table.Th>
                <Table.Th>Mobile</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.partner_code}>
                  <Table.Td>
                    <Anchor component={Link} to={`/reports/37/${encodeURIComponent(p.partner_code)}/`} size="sm">
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
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function Renewals({ brief }: { brief: BriefResponse }) {
  const due = brief.renewals_due;
  return (
    <Section
      title="Renewals due in 7 days"
      link={
        <Anchor component={Link} to={`/reports/38/?start_date=${due.start_date}&end_date=${due.end_date}`} size="sm">
          Renewal dues
        </Anchor>
      }
    >
      <Text size="sm" mb="xs" data-testid="brief-renewals-total">
        {due.count.toLocaleString('en-IN')} not yet renewed, {formatRupee(due.premium)}
      </Text>
      {due.top.length === 0 ? null : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Renewals due in 7 days">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Actions</Table.Th>
                <Table.Th>Policy No</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Expiry Date</Table.Th>
                <Table.Th ta="right">Premium</Table.Th>
                <Table.Th>Payment</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
                      <Button
                        component="a"
                        href={r.one_click_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        size="compact-xs"
                        color="green"
                      >
                        Pay Now
                      </Button>
                    ) : (
                      '-'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function OpenWork({ brief }: { brief: BriefResponse }) {
  const rows = brief.open_work;
  return (
    <Section
      title="Open work"
      link={
        <Anchor component={Link} to="/rm-dashboard" size="sm">
          RM Dashboard
        </Anchor>
      }
    >
      {rows.length === 0 ? (
        <Empty text="No open leads or cases." />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label="Open work">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Since</Table.Th>
                <Table.Th>Case</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>TRM</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((w) => (
                <Table.Tr key={w.case_id}>
                  <Table.Td>{w.case_date}</Table.Td>
                  <Table.Td>
                    {/* A lead is worked from the RM Dashboard, a case from the TRM Dashboard. */}
                    <Anchor component={Link} to={w.kind === 'lead' ? '/rm-dashboard' : '/trm-dashboard'} size="sm">
                      {w.case_code ?? w.case_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{w.customer}</Table.Td>
                  <Table.Td>{w.kind === 'lead' ? 'Lead' : 'Case'}</Table.Td>
                  <Table.Td>{w.trm_code ?? '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/** /brief, 'My day' (docs/product/brief.md): where the month will land and whom to call this morning. */
export default function BriefPage() {
  const brief = useBrief();
  return (
    <Screen title="My day" framed={false}>
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

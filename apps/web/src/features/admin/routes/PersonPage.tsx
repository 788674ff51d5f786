import { Alert, Anchor, Badge, Breadcrumbs, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { roleName, type PersonDetail } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/types';
import { errorText } from '../../../lib/error-message';
import { usePerson, useSetPersonActive } from '../api/people';
import { AdminFrame } from '../components/AdminFrame';
import { openConfirmDeactivation, openPersonFormDialog } from '../components/admin-dialogs';
import { StatusBadge } from '../components/StatusBadge';

const personPath = (code: string) => `/admin/people/${encodeURIComponent(code)}`;

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm">{value ?? '-'}</Text>
    </div>
  );
}

type PartnerRow = PersonDetail['partners']['rows'][number];

/** A card of the page: its title, then 'None' when there is nothing to show, else its content. */
function DetailCard({ title, none = false, children }: { title: string; none?: boolean; children: ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {none ? (
        <Text size="sm" c="gray.7">
          None
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}

const partnerColumns: DataTableColumn<PartnerRow>[] = [
  { id: 'code', header: 'Partner Code', value: (p) => p.code },
  { id: 'name', header: 'Name', value: (p) => p.name },
  { id: 'reportingType', header: 'Reporting type', value: (p) => p.reporting_type },
];

/** One employee (/admin/people/:code): place in the organisation, partners, user; edit, move, deactivate. */
export default function PersonPage() {
  const code = useParams().code ?? '';
  const detail = usePerson(code, { enabled: code !== '' });
  const setActive = useSetPersonActive(code);
  const d = detail.data;

  return (
    <AdminFrame
      title={d ? `${d.person.name} (${d.person.code})` : code}
      actions={
        d ? (
          <Group gap="xs">
            <Button variant="default" onClick={() => openPersonFormDialog(d.person)}>
              Edit or move
            </Button>
            <Button
              variant="light"
              color={d.person.active ? 'red' : 'green'}
              loading={setActive.isPending}
              onClick={() =>
                d.person.active
                  ? openConfirmDeactivation({
                      kind: 'employee',
                      who: `${d.person.name} (${d.person.code})`,
                      onConfirm: () => setActive.mutate(false),
                    })
                  : setActive.mutate(true)
              }
            >
              {d.person.active ? 'Deactivate' : 'Activate'}
            </Button>
          </Group>
        ) : null
      }
    >
      {setActive.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(setActive.error)}
        </Alert>
      ) : null}
      {detail.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(detail.error)}
        </Alert>
      ) : null}
      {!d ? (
        detail.isPending ? (
          <Skeleton height={240} />
        ) : null
      ) : (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="gray.7">
              Reports to:
            </Text>
            {d.chain.length === 0 ? (
              <Text size="sm">nobody (top of the organisation)</Text>
            ) : (
              <nav aria-label="Manager chain">
                <Breadcrumbs separator="›">
                  {d.chain.map((m) => (
                    <Anchor key={m.code} component={Link} to={personPath(m.code)} size="sm">
                      {m.name}
                    </Anchor>
                  ))}
                </Breadcrumbs>
              </nav>
            )}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Field label="Email" value={d.person.email} />
            <Field label="Phone" value={d.person.phone} />
            <Field label="Designation" value={roleName(d.person.designation)} />
            <Field label="Role" value={roleName(d.person.emp_role)} />
            <Field label="Zone" value={d.person.zone} />
            <Field label="Pincode" value={d.person.pincode} />
            <Field label="Team size" value={String(d.team_size)} />
            <div>
              <Text size="xs" c="gray.7">
                Status
              </Text>
              <StatusBadge active={d.person.active} />
            </div>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <DetailCard title={`Direct reports (${d.reports.length})`} none={d.reports.length === 0}>
              <List size="sm" spacing={4}>
                {d.reports.map((r) => (
                  <List.Item key={r.code}>
                    <Anchor component={Link} to={personPath(r.code)}>
                      {r.name}
                    </Anchor>{' '}
                    <Text span size="xs" c="gray.7">
                      {r.code} · {roleName(r.designation)}
                      {r.active ? '' : ' · inactive'}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </DetailCard>
            <DetailCard title="User account">
              {d.user ? (
                <Stack gap={4}>
                  <Text size="sm">
                    Login <b>{d.user.login}</b> <StatusBadge active={d.user.active && d.user.employee_active} />{' '}
                    {d.user.is_admin ? (
                      <Badge size="sm" variant="light" color="violet">
                        Admin
                      </Badge>
                    ) : null}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {d.user.active_sessions} active session{d.user.active_sessions === 1 ? '' : 's'} · email reports{' '}
                    {d.user.email_report_access ? 'yes' : 'no'} · downloads {d.user.download_report_access ? 'yes' : 'no'}
                  </Text>
                  <Anchor component={Link} to={`/admin/users?q=${encodeURIComponent(d.user.login)}`} size="sm">
                    Manage on the Users screen
                  </Anchor>
                </Stack>
              ) : (
                <Stack gap={4}>
                  <Text size="sm" c="gray.7">
                    No user yet.
                  </Text>
                  <Anchor component={Link} to={`/admin/users?new=${encodeURIComponent(d.person.code)}`} size="sm">
                    Create a user
                  </Anchor>
                </Stack>
              )}
            </DetailCard>
          </SimpleGrid>
          <DetailCard title={`Partners mapped (${d.partners.total})`} none={d.partners.total === 0}>
            <DataTable
              label="Partners mapped"
              columns={partnerColumns}
              rows={d.partners.rows}
              getRowId={(p) => p.code}
              search={false}
              sortable={false}
              paginate={false}
              minWidth={420}
              dense
            />
            {d.partners.total > d.partners.rows.length ? (
              <Text size="xs" c="gray.7" mt={4}>
                The first {d.partners.rows.length} of {d.partners.total}
              </Text>
            ) : null}
          </DetailCard>
        </Stack>
      )}
    </AdminFrame>
  );
}

import { useMemo, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import type { ReporteeRow } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { type DataTableColumn } from '../../../components/data-table/types';
import { openMessageDialog } from '../../../components/message-dialog/open-message-dialog';
import { Screen } from '../../../components/page/Screen';
import { useAcceptMemberList } from '../api/accept-member-list';
import { useReporteeDetail } from '../api/reportee-detail';
import { codeInName, columnTitle } from './team-links';

/** One column per field of the returned rows (docs/product/team.md, 'Reportee list'), in the order the server sends them. */
function columnsOf(rows: readonly ReporteeRow[] | undefined): DataTableColumn<ReporteeRow>[] {
  const first = rows?.[0];
  const keys = first ? (Object.keys(first) as (keyof ReporteeRow)[]) : (['unique_code', 'name'] as const);
  return keys.map((key) => ({ id: key, header: columnTitle(key), value: (r: ReporteeRow) => r[key] }));
}

/** Reportee list (docs/product/team.md, 'Reportee list'): the pending partners of one manager; Accept or Reject the selected ones. */
export default function ReporteeListPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const manager = params.get('id') ?? '';
  const managerCode = params.get('unique_code') ?? codeInName(manager) ?? '';
  const requestRaised = params.get('request_raised') || 'null';
  const { data, isLoading } = useReporteeDetail(managerCode, requestRaised, { enabled: managerCode !== '' });
  const decision = useAcceptMemberList();
  const [selected, setSelected] = useState<string[]>([]);
  const columns = useMemo(() => columnsOf(data), [data]);

  // No empty-selection check (docs/product/team.md, 'Reportee list'): the server answers that case with its own message.
  const decide = (accept: boolean) =>
    decision.mutate(
      { reportee: selected, manager: managerCode, is_accepted: accept, request_raised: requestRaised },
      {
        onSuccess: (res) => {
          openMessageDialog({ title: 'Success', message: res.message, defaultKey: 'Message' });
          void navigate('/manageteam');
        },
      },
    );

  return (
    <Screen title="Reportee list">
      <Text fw={600}>Name : {manager}</Text>
      <DataTable
        label="Reportees"
        columns={columns}
        rows={data}
        loading={isLoading}
        getRowId={(r) => r.unique_code}
        selection={{ selected, onChange: setSelected, rowLabel: (r) => `Select ${r.unique_code} ${r.name}` }}
        minWidth={900}
        toolbar={
          <Group gap="sm">
            <Button color="green" onClick={() => decide(true)} loading={decision.isPending && decision.variables.is_accepted}>
              Accept
            </Button>
            <Button
              color="red.9"
              variant="outline"
              onClick={() => decide(false)}
              loading={decision.isPending && !decision.variables.is_accepted}
            >
              Reject
            </Button>
          </Group>
        }
      />
    </Screen>
  );
}

import { useState } from 'react';
import { Button, Grid, Paper, Radio, Group, Text } from '@mantine/core';
import { PRODUCT_LINES, type MappingLists, type ProductLine, type UnmappedPartner } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { type DataTableColumn } from '../../../components/data-table/types';
import { openMessageDialog } from '../../../components/message-dialog/open-message-dialog';
import { Screen } from '../../../components/page/Screen';
import { useIsPhone } from '../../../lib/media';
import { useCancelMapping } from '../api/cancel-mapping';
import { useSubmitMapping } from '../api/submit-mapping';
import { useUnmappedPartners } from '../api/unmapped-partners';
import { ManagerPicker } from '../components/ManagerPicker';

const PRODUCT_LABELS: Record<ProductLine, string> = { motor: 'Motor', health: 'Health', life: 'Life' };
const isProductLine = (v: string): v is ProductLine => (PRODUCT_LINES as readonly string[]).includes(v);

/**
 * Requester panel (docs/product/team.md, 'Requester View'): choose unmapped partners, then one manager, and raise a mapping request.
 * For designation asm a product radio switches the lists and resets the selection.
 */
export default function RequesterViewPage() {
  const { data, isLoading, refetch } = useUnmappedPartners();
  const submit = useSubmitMapping();
  const cancel = useCancelMapping();
  const [product, setProduct] = useState<ProductLine>('motor');
  const [partners, setPartners] = useState<string[]>([]);
  const [manager, setManager] = useState<string | null>(null);
  const phone = useIsPhone();

  // The answer carries one pair of lists per product line when the viewer's designation splits them.
  const byLine = data !== undefined && 'motor' in data;
  const lists: MappingLists | undefined = !data
    ? undefined
    : 'motor' in data
      ? data[product]
      : { partners: data.partners, managers: data.managers };
  const reset = () => {
    setPartners([]);
    setManager(null);
  };
  const reload = () => {
    reset();
    void refetch();
  };

  const onSubmit = () => {
    if (!manager || partners.length === 0) return;
    submit.mutate(
      { manager_code: manager, partner_list: partners, is_submit: true, ...(byLine ? { product } : {}) },
      { onSuccess: (res) => openMessageDialog({ title: 'Success', message: res.message, defaultKey: 'Message', onClose: reload }) },
    );
  };

  const onCancel = (code: string) =>
    cancel.mutate(code, {
      onSuccess: (res) => {
        if (!res) openMessageDialog({ title: 'Error', message: 'Invalid response' });
        else openMessageDialog({ title: 'Success', message: res.message, defaultKey: 'Message' });
        reload();
      },
    });

  const columns: DataTableColumn<UnmappedPartner>[] = [
    { id: 'code', header: 'User Id', value: (r) => r.unique_code },
    { id: 'name', header: 'Name', value: (r) => r.name },
    { id: 'pincode', header: 'Pincode', value: (r) => r.pincode },
    { id: 'state', header: 'State', value: (r) => r.state },
    { id: 'li', header: 'LI', value: (r) => (r.li_pos_status ? 'Yes' : 'No') },
    {
      id: 'pending',
      header: 'Pending Request',
      value: (r) => r.pending_request ?? '-',
      searchText: (r) => `${r.pending_request ?? ''} ${r.pending_manager ?? ''}`,
      cell: (r) => (r.pending_request ? <span title={`Waiting for ${r.pending_manager ?? ''}`}>{r.pending_request}</span> : '-'),
    },
    {
      id: 'action',
      header: 'Action',
      value: () => '',
      sortable: false,
      searchable: false,
      // Pinned on a phone, the column (empty on most rows) covered Pincode: there it scrolls with the rest
      // (docs/product/team.md, 'Requester View').
      stickyEnd: !phone,
      cell: (r) =>
        r.can_cancel ? (
          <Button
            size="compact-xs"
            variant="outline"
            color="red.9"
            onClick={() => onCancel(r.unique_code)}
            loading={cancel.isPending && cancel.variables === r.unique_code}
          >
            Cancel mapping
          </Button>
        ) : null,
    },
  ];

  return (
    <Screen title="Requester View">
      {byLine ? (
        <Radio.Group
          name="product"
          label="Product"
          value={product}
          onChange={(v) => {
            if (!isProductLine(v)) return;
            setProduct(v);
            reset();
          }}
        >
          <Group gap="lg" mt={6}>
            {PRODUCT_LINES.map((line) => (
              <Radio key={line} value={line} label={PRODUCT_LABELS[line]} />
            ))}
          </Group>
        </Radio.Group>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <DataTable
            label="Unmapped partners"
            columns={columns}
            rows={lists?.partners}
            loading={isLoading}
            getRowId={(r) => r.unique_code}
            selection={{
              selected: partners,
              onChange: setPartners,
              isSelectable: (r) => r.pending_request === null,
              rowLabel: (r) => `Select ${r.unique_code} ${r.name}`,
            }}
            minWidth={620}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            {partners.length === 0 ? (
              <Text size="sm" c="gray.7">
                Choose at least one partner to see the managers.
              </Text>
            ) : (
              <ManagerPicker managers={lists?.managers ?? []} value={manager} onChange={setManager} />
            )}
            <Group justify="space-between" mt="md">
              <Text size="sm" c="gray.7">
                {partners.length} selected
              </Text>
              <Button onClick={onSubmit} disabled={!manager || partners.length === 0} loading={submit.isPending}>
                Submit
              </Button>
            </Group>
          </Paper>
        </Grid.Col>
      </Grid>
    </Screen>
  );
}

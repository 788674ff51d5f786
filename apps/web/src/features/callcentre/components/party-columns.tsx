import { Text } from '@mantine/core';
import { titleCaseOrNA } from '@dossier/shared';
import type { DataTableColumn } from '../../../components/data-table/types';
import { productLabel } from '../lib/product';

interface Parties {
  customer_name: string | null;
  partner_name: string | null;
  partner_ei_code: string | null;
  product_code: number;
}

/** The Customer, Advisor (with the partner's code) and Product columns of the appointment screens. */
export function partyColumns<T extends Parties>(): DataTableColumn<T>[] {
  return [
    { id: 'customer', header: 'Customer', value: (r) => titleCaseOrNA(r.customer_name) },
    {
      id: 'advisor',
      header: 'Advisor',
      value: (r) => titleCaseOrNA(r.partner_name),
      cell: (r) => (
        <>
          {titleCaseOrNA(r.partner_name)}{' '}
          <Text span size="xs" c="gray.7">
            {r.partner_ei_code}
          </Text>
        </>
      ),
    },
    { id: 'product', header: 'Product', value: (r) => productLabel(r.product_code) },
  ];
}

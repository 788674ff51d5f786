import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { PRODUCTS } from '@dossier/shared';
import { MultiSelectAll } from '../../../components/multi-select-all/MultiSelectAll';
import { selectionToFilter, type SelectOption } from '../../../components/multi-select-all/select-logic';

const OPTIONS: SelectOption<number>[] = PRODUCTS.map((p) => ({ value: p.product_type_id, label: p.name }));
const ALL = OPTIONS.map((o) => o.value);

/** Product filter (docs/product/report-screens.md, 'Product filter'): a multi-select with Apply; no products in the address means all of them. */
export function ProductFilter({ value, onApply }: { value: readonly number[]; onApply: (productTypeIds: number[]) => void }) {
  const [selected, setSelected] = useState<number[]>(() => (value.length > 0 ? ALL.filter((id) => value.includes(id)) : ALL));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelectAll
        label="Products"
        options={OPTIONS}
        selected={selected}
        onChange={setSelected}
        labels={{ placeholder: 'Select Products', all: 'All Products Selected' }}
        width={240}
      />
      <Button variant="filled" onClick={() => onApply(selectionToFilter(OPTIONS, selected))}>
        Apply
      </Button>
    </Group>
  );
}

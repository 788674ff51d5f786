import { PRODUCTS } from '@dossier/shared';

const LABELS = new Map(PRODUCTS.map((p) => [p.product_type_id, p.name]));

/** Product code → label (the original product's environment lookup; docs/product/callcentre.md, 'Reference lists'). */
export function productLabel(code: number): string {
  return LABELS.get(code) ?? `Product ${code}`;
}

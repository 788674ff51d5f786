import { PRODUCTS } from '@dossier/shared';

const LABELS = new Map(PRODUCTS.map((p) => [p.product_type_id, p.name]));

/** Product code → label (the original's environment lookup; spec 001 §3). */
export function productLabel(code: number): string {
  return LABELS.get(code) ?? `Product ${code}`;
}

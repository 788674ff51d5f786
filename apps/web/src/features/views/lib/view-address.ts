import { BUSINESS_TYPES, PRODUCTS, STORAGE_KEYS, toDayMonthYear, type SavedView } from '@dossier/shared';
import { storageSet } from '../../../lib/storage';

type ViewTarget = Pick<SavedView, 'screen' | 'report_id' | 'account_id' | 'start_date' | 'end_date' | 'product_type_id'>;
type ViewLists = Pick<SavedView, 'insurers' | 'states' | 'business_type'>;

/** The address that opens a view for anyone signed in: they sign in first when they must. */
export const viewPath = (id: string) => `/views/${encodeURIComponent(id)}`;

/**
 * The report screen's own address for a view (docs/product/report-screens.md, 'Query parameters'): the page,
 * the drilled account, the date pair when the view has one, the products.
 */
export function viewAddress(view: ViewTarget): string {
  const query = new URLSearchParams();
  if (view.start_date && view.end_date) {
    query.set('start_date', view.start_date);
    query.set('end_date', view.end_date);
  }
  if (view.product_type_id.length > 0) query.set('product_type_id', view.product_type_id.join(','));
  const text = query.toString().replace(/%2C/g, ',');
  const search = text ? `?${text}` : '';
  const account = view.account_id ? encodeURIComponent(view.account_id) : null;
  if (view.screen === 'dashboard') return `${account ? `/dashboard/${view.report_id}/${account}` : '/dashboard'}${search}`;
  return `/reports/${view.report_id}/${account ?? ''}${search}`;
}

/**
 * Makes the view's insurer, state and business type choices the reader's saved choices, which every report
 * screen reads, so the page opens with exactly the view's filters.
 */
export function applyViewFilters(view: ViewLists): void {
  storageSet(STORAGE_KEYS.insurers, JSON.stringify(view.insurers));
  storageSet(STORAGE_KEYS.states, JSON.stringify(view.states));
  storageSet(STORAGE_KEYS.businessType, JSON.stringify(view.business_type));
}

const productName = (id: number) => PRODUCTS.find((p) => p.product_type_id === id)?.name ?? `Product ${id}`;
const businessName = (id: number) => BUSINESS_TYPES.find((b) => b.id === id)?.name ?? String(id);

/** 'dd/MM/yyyy – dd/MM/yyyy', or the reports' own default period. */
export function periodText(view: Pick<SavedView, 'start_date' | 'end_date'>): string {
  return view.start_date && view.end_date ? `${toDayMonthYear(view.start_date)} – ${toDayMonthYear(view.end_date)}` : 'Default period';
}

/** The view's filters in words, the lists that restrict something only; 'All' when none does. */
export function filtersText(view: Pick<SavedView, 'product_type_id' | 'insurers' | 'states' | 'business_type'>): string {
  const parts = [
    view.product_type_id.length > 0 ? `Products: ${view.product_type_id.map(productName).join(', ')}` : null,
    view.insurers.length > 0 ? `Insurer: ${view.insurers.join(', ')}` : null,
    view.states.length > 0 ? `State: ${view.states.join(', ')}` : null,
    view.business_type.length > 0 ? `Business Type: ${view.business_type.map(businessName).join(', ')}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join('; ') : 'All';
}

/**
 * The 'All' rules of the multi-selects (docs/product/report-screens.md, 'Insurer, state and business type'):
 * All ticks or clears every option; unticking one clears All; every option selected reads 'All ... Selected'.
 */
export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

export function toggleAll<V extends string | number>(options: readonly SelectOption<V>[], checked: boolean): V[] {
  return checked ? options.map((o) => o.value) : [];
}

/** Keeps the options' order so the saved list and the label are stable. */
export function toggleOne<V extends string | number>(
  options: readonly SelectOption<V>[],
  selected: readonly V[],
  value: V,
  checked: boolean,
): V[] {
  const next = new Set(selected);
  if (checked) next.add(value);
  else next.delete(value);
  return options.map((o) => o.value).filter((v) => next.has(v));
}

export function isAllSelected<V extends string | number>(options: readonly SelectOption<V>[], selected: readonly V[]): boolean {
  if (options.length === 0) return false;
  const set = new Set(selected);
  return options.every((o) => set.has(o.value));
}

export interface SelectionLabels {
  /** Shown when nothing is selected, e.g. 'Select Insurer'. */
  placeholder: string;
  /** Shown when everything is, e.g. 'All Insurers Selected'. */
  all: string;
}

export function selectionLabel<V extends string | number>(
  options: readonly SelectOption<V>[],
  selected: readonly V[],
  labels: SelectionLabels,
): string {
  if (isAllSelected(options, selected)) return labels.all;
  const set = new Set(selected);
  const names = options.filter((o) => set.has(o.value)).map((o) => o.label);
  if (names.length === 0) return labels.placeholder;
  return names.length <= 2 ? names.join(', ') : `${names.length} selected`;
}

/**
 * A saved choice restored against today's options: an empty saved list means All; saved values that
 * are no longer offered are dropped.
 */
export function restoreSelection<V extends string | number>(options: readonly SelectOption<V>[], saved: readonly V[]): V[] {
  if (saved.length === 0) return options.map((o) => o.value);
  const set = new Set(saved);
  return options.map((o) => o.value).filter((v) => set.has(v));
}

/** What to save and send: All (or nothing ticked) is no restriction, i.e. an empty list. */
export function selectionToFilter<V extends string | number>(options: readonly SelectOption<V>[], selected: readonly V[]): V[] {
  return isAllSelected(options, selected) ? [] : [...selected];
}

import { useEffect, useMemo, useState } from 'react';
import { BUSINESS_TYPES, FILTER_RESTORE_DELAY_MS, type ReportResponse } from '@dossier/shared';
import { DateRangeFilter } from '../../../components/date-filters/DateRangeFilter';
import { MonthFilter } from '../../../components/date-filters/MonthFilter';
import { MultiSelectAll } from '../../../components/multi-select-all/MultiSelectAll';
import { restoreSelection, selectionToFilter, type SelectOption } from '../../../components/multi-select-all/select-logic';
import { useFilterDetails } from '../api/filter-details';
import type { ReportScreenContext } from '../lib/screen-context';

/**
 * A saved choice shows about 500 ms after the screen loads (docs/product/report-screens.md, 'Insurer, state and business type'); until the user touches the
 * control, the restored choice follows the options of the period.
 */
function useRestoredChoice<V extends string | number>(options: readonly SelectOption<V>[], saved: readonly V[]) {
  const [restored, setRestored] = useState(false);
  const [touched, setTouched] = useState<V[] | null>(null);
  // A new saved choice (Submit, or Clear filters elsewhere on the screen) replaces what was being edited.
  const savedKey = saved.join('\u0000');
  const [seen, setSeen] = useState(savedKey);
  if (seen !== savedKey) {
    setSeen(savedKey);
    setTouched(null);
  }
  useEffect(() => {
    const timer = setTimeout(() => setRestored(true), FILTER_RESTORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const selected = touched ?? (restored ? restoreSelection(options, saved) : []);
  return { options, selected, onChange: setTouched };
}

/** What Submit sends for a filter: the choice when the report shows its control, else the saved choice. */
function submitted<V extends string | number>(shown: boolean, choice: ReturnType<typeof useRestoredChoice<V>>, saved: V[]): V[] {
  return shown ? selectionToFilter(choice.options, choice.selected) : saved;
}

const namedOptions = (list: readonly { name: string }[] | undefined) => (list ?? []).map((o) => ({ value: o.name, label: o.name }));

/** The product's labels (docs/product/report-screens.md, 'Insurer, state and business type'). */
const LABELS = {
  insurer: { placeholder: 'Select Insurer', all: 'All Insurers Selected' },
  state: { placeholder: 'Select State', all: 'All States Selected' },
  business: { placeholder: 'Select Business Type', all: 'All Business Selected' },
} as const;

const BUSINESS_OPTIONS: SelectOption<number>[] = BUSINESS_TYPES.map((b) => ({ value: b.id, label: b.name }));

export interface PeriodProps {
  report: ReportResponse;
  ctx: ReportScreenContext;
}

/** The period shown in the pickers: the address's dates, else what the server used (its default). */
function periodOf({ report, ctx }: PeriodProps) {
  return ctx.query.explicitDates
    ? { start_date: ctx.query.start_date, end_date: ctx.query.end_date }
    : { start_date: report.start_date, end_date: report.end_date };
}

/** Date-range picker with the insurer, state and business type multi-selects the report's flags ask for. */
export function ReportRangeFilter({ report, ctx }: PeriodProps) {
  const period = periodOf({ report, ctx });
  const include = useMemo(
    () => [...(report.insurer_filter ? (['insurer'] as const) : []), ...(report.state_filter ? (['state'] as const) : [])],
    [report.insurer_filter, report.state_filter],
  );
  const details = useFilterDetails(
    { ...period, product_type_id: ctx.query.product_type_id, include, report_id: report.report_id },
    { enabled: include.length > 0 },
  );
  const insurers = useRestoredChoice(
    useMemo(() => namedOptions(details.data?.insurer), [details.data]),
    ctx.filters.insurers,
  );
  const states = useRestoredChoice(
    useMemo(() => namedOptions(details.data?.state), [details.data]),
    ctx.filters.states,
  );
  const business = useRestoredChoice(BUSINESS_OPTIONS, ctx.filters.business_type);

  const submit = (range: { start_date: string; end_date: string }) =>
    ctx.submit(range, {
      insurers: submitted(report.insurer_filter, insurers, ctx.filters.insurers),
      states: submitted(report.state_filter, states, ctx.filters.states),
      business_type: submitted(report.business_type_filter, business, ctx.filters.business_type),
    });

  return (
    <DateRangeFilter key={`${period.start_date}|${period.end_date}`} value={period} onSubmit={submit}>
      {report.insurer_filter ? <MultiSelectAll label="Insurer" {...insurers} loading={details.isPending} labels={LABELS.insurer} /> : null}
      {report.state_filter ? <MultiSelectAll label="State" {...states} loading={details.isPending} labels={LABELS.state} /> : null}
      {report.business_type_filter ? <MultiSelectAll label="Business Type" {...business} labels={LABELS.business} /> : null}
    </DateRangeFilter>
  );
}

/** Month picker (docs/product/report-screens.md, 'Month picker'): Submit sends the first and the last day of the chosen month. */
export function ReportMonthFilter({ report, ctx, resetKey }: PeriodProps & { resetKey?: string }) {
  const period = periodOf({ report, ctx });
  return <MonthFilter key={`${period.start_date}|${resetKey ?? ''}`} value={period} onSubmit={(range) => ctx.submit(range)} />;
}

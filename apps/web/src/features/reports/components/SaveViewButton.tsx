import { Button } from '@mantine/core';
import type { CreateViewInput } from '@dossier/shared';
import type { AppliedFilters, ReportQueryState } from '../lib/query-params';
import { openSaveViewDialog } from './report-dialogs';

/** What the screen shows, as a saved view carries it (all but the name). */
export type ViewState = Omit<CreateViewInput, 'name' | 'description'>;

/**
 * The view of a report screen: its page and drilled account, the period only when the address gave it (else
 * each report keeps its own default), the products, and the saved filters that shape its figures.
 */
export function viewState(
  screen: ViewState['screen'],
  reportId: number,
  accountId: string | undefined,
  query: Pick<ReportQueryState, 'start_date' | 'end_date' | 'explicitDates' | 'product_type_id'>,
  filters: AppliedFilters,
): ViewState {
  return {
    screen,
    report_id: reportId,
    account_id: accountId ?? null,
    start_date: query.explicitDates ? query.start_date : null,
    end_date: query.explicitDates ? query.end_date : null,
    product_type_id: [...query.product_type_id],
    insurers: [...filters.insurers],
    states: [...filters.states],
    business_type: [...filters.business_type],
  };
}

/** 'Save view' on a report screen (docs/product/views.md, 'Saving a view'): opens the dialog for what the screen shows. */
export function SaveViewButton({ state, disabled }: { state: ViewState; disabled?: boolean }) {
  return (
    <Button variant="default" size="xs" onClick={() => openSaveViewDialog(state)} disabled={disabled}>
      Save view
    </Button>
  );
}

import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { readStoredUser } from '../../../lib/session';
import { useViewerRole } from '../api/viewer-role';
import { saveFilters, useSavedFilters } from './filter-storage';
import { readReportQuery, reportSearch, type AppliedFilters } from './query-params';
import type { ReportScreenContext } from './screen-context';

/** The shared state of a report screen: the address's period and products, the saved filters, the viewer. */
export function useReportScreen(accountId: string | undefined): ReportScreenContext & { applyProducts: (ids: number[]) => void } {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const search = params.toString();
  const saved = useSavedFilters();
  // A Submit changes the saved choices and the address together; the screen takes both at once when the new
  // address is in place, so every table asks once, with the new dates.
  const [held, setHeld] = useState<{ filters: AppliedFilters; from: string } | null>(null);
  // The new address has arrived: show the submitted choices in the same render (React re-renders at once).
  if (held && search !== held.from) setHeld(null);
  const shownSearch = held ? held.from : search;
  const query = useMemo(() => readReportQuery(new URLSearchParams(shownSearch)), [shownSearch]);
  const filters = held ? held.filters : saved;
  const role = useViewerRole();

  const submit = useCallback(
    (range: { start_date: string; end_date: string }, next?: AppliedFilters) => {
      const target = reportSearch({ ...range, product_type_id: query.product_type_id });
      if (next) {
        if (new URLSearchParams(target).toString() !== search) setHeld({ filters: saved, from: search });
        saveFilters(next);
      }
      void navigate(`${pathname}${target}`);
    },
    [navigate, pathname, query.product_type_id, search, saved],
  );

  const applyProducts = useCallback(
    (ids: number[]) => {
      const dates = query.explicitDates ? { start_date: query.start_date, end_date: query.end_date } : {};
      void navigate(`${pathname}${reportSearch({ ...dates, product_type_id: ids })}`);
    },
    [navigate, pathname, query],
  );

  return { query, filters, accountId, userCode: readStoredUser().code, role, submit, applyProducts };
}

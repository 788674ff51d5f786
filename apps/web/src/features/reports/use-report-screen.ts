import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { readStoredUser } from '../../lib/session';
import { useViewerRole } from './api/viewer-role';
import { readSavedFilters, saveFilters } from './filter-storage';
import { readReportQuery, reportSearch, type AppliedFilters } from './query-params';
import type { ReportScreenContext } from './screen-context';

/** The shared state of a report screen: the address's period and products, the saved filters, the viewer. */
export function useReportScreen(accountId: string | undefined): ReportScreenContext & { applyProducts: (ids: number[]) => void } {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const search = params.toString();
  const query = useMemo(() => readReportQuery(new URLSearchParams(search)), [search]);
  const [filters, setFilters] = useState<AppliedFilters>(readSavedFilters);
  const role = useViewerRole();

  const submit = useCallback(
    (range: { start_date: string; end_date: string }, next?: AppliedFilters) => {
      if (next) {
        saveFilters(next);
        setFilters(next);
      }
      void navigate(`${pathname}${reportSearch({ ...range, product_type_id: query.product_type_id })}`);
    },
    [navigate, pathname, query.product_type_id],
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

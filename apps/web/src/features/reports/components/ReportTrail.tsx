import { useEffect, useMemo } from 'react';
import { Breadcrumbs } from '../../../components/breadcrumbs/Breadcrumbs';
import { crumbHref, nextTrail, readTrail, saveTrail, visibleTrail } from '../lib/breadcrumbs';

interface TrailProps {
  reportId: number;
  accountId?: string;
  /** The drilled account's name, once the report has answered. */
  accountName?: string;
  userCode: string;
  /** Query string carried by the crumbs (the period and products). */
  search: string;
  hidden?: boolean;
}

/** The drill trail (docs/product/report-screens.md, 'Breadcrumbs'), worked out from local storage on each report page and saved back. */
export function ReportTrail({ reportId, accountId, accountName, userCode, search, hidden }: TrailProps) {
  const waiting = Boolean(accountId) && accountId !== userCode && accountName === undefined;
  const trail = useMemo(
    () => (waiting ? null : nextTrail(readTrail(), { reportId, accountId, accountName, userCode })),
    [waiting, reportId, accountId, accountName, userCode],
  );
  useEffect(() => {
    if (trail) saveTrail(trail);
  }, [trail]);
  if (hidden || !trail) return null;
  const items = visibleTrail(trail).map((crumb) => ({ label: crumb.user_name, href: crumbHref(crumb, reportId, search) }));
  return <Breadcrumbs items={items} />;
}

import { Anchor, Button, Group } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { can, type Cell, type ReportRecord } from '@dossier/shared';
import { postHandoffForm, requestHandoff } from '../../../lib/handoff';
import { IconAction } from '../../../components/icon-action/IconAction';
import { MobileLookupButton } from '../../../components/mobile-lookup/MobileLookupButton';
import { cellText, type ReportColumn } from '../lib/columns';
import { MOBILE_LOOKUP_ON_PARTNER_ROWS, PARTNER_SUMMARY_PERMISSION, PARTNER_SUMMARY_TARGET } from '../lib/config';
import { isPartnerCode, salesPromotionHref } from '../lib/query-params';
import { GrowthCell } from './GrowthCell';

const isWebUrl = (v: Cell | undefined): v is string => typeof v === 'string' && /^https?:\/\//i.test(v);

/** Partner summary (docs/product/report-screens.md, 'Cell links'): a hand-off form post to the sales area, new tab, for EI ids; not for role 204. */
function PartnerSummaryButton({ code }: { code: string }) {
  const handoff = useMutation({
    mutationFn: (_code: string) => requestHandoff(PARTNER_SUMMARY_TARGET),
    onSuccess: (res, partnerCode) => postHandoffForm(res, { partner_code: partnerCode }),
  });
  return (
    <IconAction label={`Partner summary of ${code}`} loading={handoff.isPending} onClick={() => handoff.mutate(code)}>
      <IconUser size={16} aria-hidden />
    </IconAction>
  );
}

export interface CellContext {
  record: ReportRecord;
  /** Drill target of the row, when this column carries it. */
  drill: string | null;
  role?: string;
  userCode: string;
  range: { start_date: string; end_date: string };
}

/** One cell, by the column's kind: rupees, growth markers, Pay Now, sales promotion view, links, drill links. */
export function ReportCell({ column, ctx }: { column: ReportColumn; ctx: CellContext }) {
  const value = ctx.record[column.key];
  switch (column.kind) {
    case 'growth-arrow':
    case 'growth-marker':
      return <GrowthCell value={value} percent />;
    case 'pay':
      return isWebUrl(value) ? (
        <Button component="a" href={value} target="_blank" rel="noopener noreferrer" size="compact-xs" color="green">
          Pay Now
        </Button>
      ) : (
        '-'
      );
    case 'link':
      return isWebUrl(value) ? (
        <Anchor href={value} target="_blank" rel="noopener noreferrer" size="sm">
          Open
        </Anchor>
      ) : (
        '-'
      );
    case 'sales-view':
      return typeof value === 'string' && value ? (
        <Anchor
          href={salesPromotionHref(ctx.userCode, value, ctx.range)}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={`Sales promotion view of ${value}`}
        >
          View
        </Anchor>
      ) : (
        '-'
      );
    default:
      break;
  }
  const text = cellText(column, value);
  const code = typeof value === 'string' && column.key === 'User Id' && isPartnerCode(value) ? value : null;
  return (
    <Group gap={4} wrap="nowrap" justify={column.kind === 'text' ? 'flex-start' : 'flex-end'}>
      {ctx.drill ? (
        <Anchor component={Link} to={ctx.drill} inherit>
          {text}
        </Anchor>
      ) : (
        <span>{text}</span>
      )}
      {code && ctx.role !== undefined && can({ empRole: ctx.role }, PARTNER_SUMMARY_PERMISSION) ? (
        <PartnerSummaryButton code={code} />
      ) : null}
      {code && MOBILE_LOOKUP_ON_PARTNER_ROWS ? (
        <MobileLookupButton partnerCode={code} name={typeof ctx.record.Name === 'string' ? ctx.record.Name : undefined} />
      ) : null}
    </Group>
  );
}

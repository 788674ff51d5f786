import { BUSINESS_TYPES, PRODUCTS, type ReportColumnDef, type ReportRecord } from '@dossier/shared';
import { sql, type RawBuilder } from 'kysely';
import { column, COL, GROWTH_COLUMNS, NOP_COLUMN, PREMIUM_COLUMN, WP_COLUMN } from '../columns';
import { growth, round2, type DateRange, type QueryContext } from '../context';
import { addMeasures, subtreeBreakdown, ZERO, type FactScope, type Measures } from './facts';
import { subtreeSums, type NarrowKey } from './subtree-sums';

export interface BreakdownSpec {
  /** Title of the key column. */
  keyTitle: string;
  /** A narrow key is served from the subtree roll-up; an SQL key (e.g. product) from the daily fact. */
  key: NarrowKey | RawBuilder<unknown>;
  /** Every key to show, in order (missing ones show zeros), with its label. */
  keys: readonly { key: string; label: string }[];
  measures: readonly ('nop' | 'premium' | 'wp')[];
  withGrowth: boolean;
  totalLabel: string | null;
  scope: FactScope;
  /** Leave out keys without any business (long key lists such as products). */
  hideEmpty?: boolean;
}

const MEASURE_COLUMN = { nop: NOP_COLUMN, premium: PREMIUM_COLUMN, wp: WP_COLUMN } as const;

export function breakdownColumns(spec: Pick<BreakdownSpec, 'keyTitle' | 'measures' | 'withGrowth'>): ReportColumnDef[] {
  return [column(spec.keyTitle, 'text'), ...spec.measures.map((m) => MEASURE_COLUMN[m]), ...(spec.withGrowth ? GROWTH_COLUMNS : [])];
}

/** One row per key of a dimension over the account's subtree, then a Total row. */
export async function breakdownReport(ctx: QueryContext, spec: BreakdownSpec): Promise<ReportRecord[]> {
  const toMap = (rows: (Measures & { key: string })[]) => new Map(rows.map((r) => [r.key, r]));
  const { key } = spec;
  const fetch = (range: DateRange) =>
    typeof key === 'string'
      ? subtreeSums(ctx, range, sql`${ctx.account.id}`, key, spec.scope)
      : subtreeBreakdown(ctx, range, key, spec.scope);
  const current = toMap(await fetch(ctx.range));
  const previous = spec.withGrowth ? toMap(await fetch(ctx.previous)) : new Map<string, Measures>();
  const row = (label: string, cur: Measures, prev: Measures): ReportRecord => {
    const rec: ReportRecord = { [spec.keyTitle]: label };
    for (const m of spec.measures) rec[MEASURE_COLUMN[m].key] = m === 'nop' ? cur.nop : round2(cur[m]);
    if (spec.withGrowth) {
      rec[COL.premiumGrowth] = growth(cur.premium, prev.premium);
      rec[COL.nopGrowth] = growth(cur.nop, prev.nop);
    }
    return rec;
  };
  let total = ZERO;
  let totalPrev = ZERO;
  const records: ReportRecord[] = [];
  for (const { key, label } of spec.keys) {
    const cur = current.get(key) ?? ZERO;
    const prev = previous.get(key) ?? ZERO;
    total = addMeasures(total, cur);
    totalPrev = addMeasures(totalPrev, prev);
    if (!spec.hideEmpty || cur.nop !== 0) records.push(row(label, cur, prev));
  }
  return spec.totalLabel ? [...records, row(spec.totalLabel, total, totalPrev)] : records;
}

export const BUSINESS_TYPE_KEYS = BUSINESS_TYPES.map((b) => ({ key: String(b.id), label: b.name }));
export const PRODUCT_KEYS = PRODUCTS.map((p) => ({ key: String(p.product_type_id), label: p.name }));
export const CHANNEL_KEYS = [
  { key: 'pos', label: 'POS partner' },
  { key: 'direct', label: 'Direct' },
  { key: 'online', label: 'Online' },
];
export const STATUS_KEYS = [
  { key: 'success', label: 'Success' },
  { key: 'pending', label: 'Pending' },
  { key: 'cancelled', label: 'Cancelled' },
];

export const KEY = {
  businessType: 'business_type' as const,
  product: sql`f.product_type_id`,
  channel: 'channel' as const,
  status: 'status' as const,
};

/** Report 22: life business by channel × premium payment term × instalment type. */
export async function lifeChannelReport(ctx: QueryContext): Promise<ReportRecord[]> {
  const rows = await subtreeBreakdown(ctx, ctx.range, sql`f.channel || '|' || f.payment_term || '|' || f.installment_type`, {
    statuses: ['success'],
    lines: ['life'],
  });
  const channelLabel = new Map(CHANNEL_KEYS.map((c) => [c.key, c.label]));
  return rows
    .map((r) => {
      const [channel = '', term = '', installment = ''] = r.key.split('|');
      return {
        Channel: channelLabel.get(channel) ?? channel,
        premium_payment_term: Number(term),
        premium_installment_type: installment,
        [COL.nop]: r.nop,
        [COL.premium]: round2(r.premium),
      };
    })
    .sort(
      (a, b) =>
        a.Channel.localeCompare(b.Channel) ||
        a.premium_payment_term - b.premium_payment_term ||
        a.premium_installment_type.localeCompare(b.premium_installment_type),
    );
}
export const LIFE_CHANNEL_COLUMNS = [
  column('Channel', 'text'),
  column('premium_payment_term', 'count', { title: 'Premium Payment Term' }),
  column('premium_installment_type', 'text', { title: 'Premium Installment Type' }),
  NOP_COLUMN,
  PREMIUM_COLUMN,
];

/** Report 35: business without a partner, by product × insurer. */
export async function directBusinessReport(ctx: QueryContext): Promise<ReportRecord[]> {
  const rows = await subtreeBreakdown(ctx, ctx.range, sql`pr.name || '|' || (select name from insurers where id = f.insurer_id)`, {
    statuses: ['success'],
    directOnly: true,
  });
  return rows
    .map((r) => {
      const [product = '', insurer = ''] = r.key.split('|');
      return { [COL.product]: product, [COL.insurer]: insurer, [COL.nop]: r.nop, [COL.premium]: round2(r.premium), [COL.wp]: round2(r.wp) };
    })
    .sort(
      (a, b) =>
        String(a[COL.product]).localeCompare(String(b[COL.product])) || String(a[COL.insurer]).localeCompare(String(b[COL.insurer])),
    );
}
export const DIRECT_COLUMNS = [column(COL.product, 'text'), column(COL.insurer, 'text'), NOP_COLUMN, PREMIUM_COLUMN, WP_COLUMN];

import { BUSINESS_TYPES, PRODUCTS, type ReportColumnDef, type ReportRecord } from '@dossier/shared';
import { sql, type Selectable } from 'kysely';
import type { Insurers, Products } from '../../../platform/db-types';
import type { SubtreeDim } from '../../etl/module';
import { column, COL, GROWTH_COLUMNS, NOP_COLUMN, PREMIUM_COLUMN, WP_COLUMN } from '../columns';
import { growth, round2, type DateRange, type QueryContext } from '../context';
import { addMeasures, ZERO, type FactScope, type Measures } from './facts';
import { subtreeSums, subtreeSumsQuery } from './subtree-sums';

export interface BreakdownSpec {
  /** Title of the key column. */
  keyTitle: string;
  /** The subtree roll-ups' column the rows are keyed by. */
  key: SubtreeDim;
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
  const fetch = (range: DateRange) => subtreeSums(ctx, range, sql`select ${ctx.account.id}::int`, [spec.key], spec.scope);
  const current = toMap(await fetch(ctx.range));
  const previous = spec.withGrowth ? toMap(await fetch(ctx.previous)) : new Map<string, Measures>();
  const row = (label: string, cur: Measures, prev: Measures): ReportRecord => {
    const rec: ReportRecord = { [spec.keyTitle]: label };
    for (const m of spec.measures) rec[MEASURE_COLUMN[m].key] = m === 'nop' ? cur.nop : round2(cur[m]);
    if (spec.withGrowth) {
      rec[COL.premiumGrowth] = growth(cur.premium, prev.premium, 'rupees');
      rec[COL.nopGrowth] = growth(cur.nop, prev.nop, 'count');
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
  businessType: 'business_type',
  product: 'product_type_id',
  channel: 'channel',
  status: 'status',
} as const;

/** Report 22: life business by channel × premium payment term × instalment type. */
export async function lifeChannelReport(ctx: QueryContext): Promise<ReportRecord[]> {
  const rows = await subtreeSums(ctx, ctx.range, sql`select ${ctx.account.id}::int`, ['channel', 'payment_term', 'installment_type'], {
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
  const sums = subtreeSumsQuery(ctx, ctx.range, sql`select ${ctx.account.id}::int`, ['product_type_id', 'insurer_id'], {
    statuses: ['success'],
    directOnly: true,
  });
  const res = await sql<
    Pick<Measures, 'nop' | 'premium' | 'wp'> & { product: Selectable<Products>['name']; insurer: Selectable<Insurers>['name'] }
  >`
    select pr.name as product, i.name as insurer, s.nop, s.premium, s.wp
    from (${sums}) s
    join products pr on pr.product_type_id = split_part(s.key, '|', 1)::int
    join insurers i on i.id = split_part(s.key, '|', 2)::int`.execute(ctx.db);
  return res.rows
    .map((r) => ({
      [COL.product]: r.product,
      [COL.insurer]: r.insurer,
      [COL.nop]: r.nop,
      [COL.premium]: round2(r.premium),
      [COL.wp]: round2(r.wp),
    }))
    .sort(
      (a, b) =>
        String(a[COL.product]).localeCompare(String(b[COL.product])) || String(a[COL.insurer]).localeCompare(String(b[COL.insurer])),
    );
}
export const DIRECT_COLUMNS = [column(COL.product, 'text'), column(COL.insurer, 'text'), NOP_COLUMN, PREMIUM_COLUMN, WP_COLUMN];

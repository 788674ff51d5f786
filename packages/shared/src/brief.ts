import { z } from 'zod';
import { CallRecord } from './callcentre';
import { addDays, isoDate } from './dates';
import { formatRupee } from './format';
import { IsoDate, pathSegment } from './primitives';
import type { SubscriptionSchedule } from './subscriptions';

/** The daily brief (docs/product/brief.md): the viewer's own subtree, this morning. */
export const BRIEF_PATHS = { brief: '/api/brief/' } as const;

/** How many slipping partners and renewals the brief lists. */
export const BRIEF_TOP = 10;
/** Days ahead the brief's renewals are due in, today included after it. */
export const BRIEF_RENEWAL_DAYS = 7;
/** Days without a sale that make a steady partner slipping. */
export const BRIEF_QUIET_DAYS = 15;

/** The first day of the month `back` months before the month of `date`. */
function monthStartBefore(date: string, back: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  return isoDate(Math.floor(index / 12), (index % 12) + 1, 1);
}

/**
 * What makes a partner slipping on `today`: sales in each of the three full months before today's month
 * (their first days, oldest first), and none from `quietFrom` (the last BRIEF_QUIET_DAYS days, today included).
 */
export function slippingWindow(today: string): { months: readonly [string, string, string]; quietFrom: string } {
  return {
    months: [monthStartBefore(today, 3), monthStartBefore(today, 2), monthStartBefore(today, 1)],
    quietFrom: addDays(today, -(BRIEF_QUIET_DAYS - 1)),
  };
}

/** The brief's name in My subscriptions and in its mail's subject. */
export const BRIEF_TITLE = 'My day';
/** When the brief is mailed, once turned on (docs/product/brief.md, 'By mail'): fixed, India time. */
export const BRIEF_MAIL_SCHEDULE: SubscriptionSchedule = { frequency: 'daily', time: '08:30', weekdays_only: false };

export const SlippingPartner = z.object({
  partner_code: z.string(),
  partner_name: z.string(),
  rm_code: z.string(),
  rm_name: z.string(),
  last_sale: IsoDate,
  three_month_premium: z.number(),
  /**
   * The partner's newest open case the viewer may work on, through which the connect-call dialog calls them
   * (a call always belongs to a case); null when there is none.
   */
  call: CallRecord.nullable(),
});
export type SlippingPartner = z.infer<typeof SlippingPartner>;

export const BriefRenewal = z.object({
  policy_no: z.string(),
  product: z.string(),
  /** The product's type, which the notice and link actions name. */
  product_type: z.string(),
  customer: z.string(),
  partner_code: z.string().nullable(),
  expiry_date: IsoDate,
  premium: z.number(),
  renewal_link: z.string().nullable(),
  one_click_url: z.string().nullable(),
});
export type BriefRenewal = z.infer<typeof BriefRenewal>;

export const BriefWorkItem = z.object({
  case_id: z.number().int(),
  case_code: z.string().nullable(),
  case_date: IsoDate,
  customer: z.string(),
  /** 'lead' when the case reached an RM as a call-back lead, else 'case'. */
  kind: z.enum(['case', 'lead']),
  trm_code: z.string().nullable(),
});
export type BriefWorkItem = z.infer<typeof BriefWorkItem>;

export const BriefMonth = z.object({
  today: IsoDate,
  start_date: IsoDate,
  mtd: z.number(),
  projected: z.number(),
  target: z.number().nullable(),
  achievement_pct: z.number().nullable(),
  projected_pct: z.number().nullable(),
  required_per_day: z.number().nullable(),
  yesterday: z.object({ date: IsoDate, premium: z.number() }),
  week_before: z.object({ date: IsoDate, premium: z.number() }),
});
export type BriefMonth = z.infer<typeof BriefMonth>;

export const BriefResponse = z.object({
  slipping_partners: z.array(SlippingPartner),
  renewals_due: z.object({
    start_date: IsoDate,
    end_date: IsoDate,
    count: z.number().int(),
    premium: z.number(),
    top: z.array(BriefRenewal),
  }),
  open_work: z.array(BriefWorkItem),
  month: BriefMonth,
});
export type BriefResponse = z.infer<typeof BriefResponse>;

/**
 * Where the brief links to, as portal paths: the page links them and its mail prefixes the portal's address
 * (docs/product/brief.md).
 */
export const BRIEF_LINKS = {
  brief: '/brief',
  month: '/reports/11/',
  slipping: '/reports/27/',
  partner: (code: string) => `/reports/37/${pathSegment(code)}/`,
  renewals: (start: string, end: string) => `/reports/38/?start_date=${start}&end_date=${end}`,
  openWork: '/rm-dashboard',
  /** A lead is worked from the RM Dashboard, a case from the TRM Dashboard. */
  workItem: (kind: BriefWorkItem['kind']) => (kind === 'lead' ? '/rm-dashboard' : '/trm-dashboard'),
} as const;

const briefPct = (n: number | null) => (n === null ? '-' : `${n.toFixed(2)}%`);
const briefMoney = (n: number | null) => (n === null ? '-' : formatRupee(n));

/** 'The month' as the page and the mail show it: each figure's label and text ('-' without a target). */
export function briefMonthFigures(m: BriefMonth): { label: string; value: string }[] {
  return [
    { label: 'MTD', value: formatRupee(m.mtd) },
    { label: 'Projected (month end)', value: formatRupee(m.projected) },
    { label: 'Target', value: briefMoney(m.target) },
    { label: 'Achievement %', value: briefPct(m.achievement_pct) },
    { label: 'Projected %', value: briefPct(m.projected_pct) },
    { label: 'Required per day', value: briefMoney(m.required_per_day) },
  ];
}

/** A business date as 'Sun, 14 Jun'. */
const briefDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** 'Yesterday (Sun, 14 Jun) ₹X against ₹Y on Sun, 7 Jun'. */
export function briefYesterdayText(m: BriefMonth): string {
  return `Yesterday (${briefDay(m.yesterday.date)}) ${formatRupee(m.yesterday.premium)} against ${formatRupee(m.week_before.premium)} on ${briefDay(m.week_before.date)}`;
}

/** 'N not yet renewed, ₹X'. */
export function briefRenewalsText(due: BriefResponse['renewals_due']): string {
  return `${due.count.toLocaleString('en-IN')} not yet renewed, ${formatRupee(due.premium)}`;
}

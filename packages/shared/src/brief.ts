import { z } from 'zod';
import { IsoDate } from './primitives';

/** The daily brief (docs/product/brief.md): the viewer's own subtree, this morning. */
export const BRIEF_PATHS = { brief: '/api/brief/' } as const;

/** How many slipping partners and renewals the brief lists. */
export const BRIEF_TOP = 10;
/** Days ahead the brief's renewals are due in, today included after it. */
export const BRIEF_RENEWAL_DAYS = 7;
/** Days without a sale that make a steady partner slipping. */
export const BRIEF_QUIET_DAYS = 15;

export const SlippingPartner = z.object({
  partner_code: z.string(),
  partner_name: z.string(),
  rm_code: z.string(),
  rm_name: z.string(),
  last_sale: IsoDate,
  three_month_premium: z.number(),
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

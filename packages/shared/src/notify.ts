import { z } from 'zod';
import { PRODUCTS } from './constants';

/**
 * Row actions of the renewal reports (docs/product/renewals.md, 'Renewal row actions'): the renewal notice document, the
 * renewal link message and the notice email. Field names are the original product's; paths are ours.
 */
export const NOTIFY_PATHS = {
  renewalNotice: '/api/v2/renewal_notice/',
  renewalLink: '/api/v2/renewal_link/',
  noticeEmail: '/api/noticeEmailApi/',
} as const;

/** The messages of these actions, exactly as users see them (docs/product/renewals.md, 'Renewal row actions'). */
export const RENEWAL_LINK_MISSING = 'renewal link not exists in system !!';
export const RENEWAL_PAYMENT_MISSING = 'renewal payment not exists in system !!';
export const NOTICE_EMAIL_SENT = 'Email is sent to resepective partner and customer Successfully';

/** Seconds a renewal notice link stays valid: long enough to open it, short enough that a copied link dies. */
export const RENEWAL_NOTICE_LINK_SECONDS = 10 * 60;

const productTypes = [...new Set(PRODUCTS.map((p) => p.product_type))] as [string, ...string[]];
export const ProductTypeParam = z.enum(productTypes, { message: 'must be a known product type' });

export const PolicyNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9/_-]{1,60}$/, { message: 'must be a policy number of letters, digits, /, - or _ (at most 60)' });
export const PaymentId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,60}$/, { message: 'must be a payment id of letters, digits, - or _ (at most 60)' });

/** Body of the renewal notice document and renewal link calls. */
export const PolicyActionBody = z.object({ policy_number: PolicyNumber, product_type: ProductTypeParam });
export type PolicyActionBody = z.infer<typeof PolicyActionBody>;

/** `link`: a short-lived address of the PDF, opened in a new tab (no Authorization header needed). */
export const RenewalNoticeResponse = z.object({ link: z.string(), expires_in_seconds: z.number().int() });
export type RenewalNoticeResponse = z.infer<typeof RenewalNoticeResponse>;

/** `url`: the renewal (payment) link; `msg`: a ready message for the messaging app, link included. */
export const RenewalLinkResponse = z.object({ url: z.string(), msg: z.string() });
export type RenewalLinkResponse = z.infer<typeof RenewalLinkResponse>;

/**
 * Body of POST /api/noticeEmailApi/: the renewal payment by its payment id (rows of the executive
 * report) or by the expiring policy's number (rows of Renewal dues), and the product type.
 */
export const NoticeEmailBody = z
  .object({ payment_id: PaymentId.optional(), policy_number: PolicyNumber.optional(), product_type: ProductTypeParam })
  .refine((b) => (b.payment_id === undefined) !== (b.policy_number === undefined), {
    message: 'give either payment_id or policy_number',
    path: ['payment_id'],
  });
export type NoticeEmailBody = z.infer<typeof NoticeEmailBody>;

export const NoticeEmailResponse = z.object({ response: z.literal('success') });
export type NoticeEmailResponse = z.infer<typeof NoticeEmailResponse>;

/** Query of the PDF address handed out by the renewal notice call. */
export const RenewalNoticeFileQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});

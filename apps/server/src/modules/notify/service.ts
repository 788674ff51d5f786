import {
  kolkataToday,
  NOTIFY_PATHS,
  RENEWAL_LINK_MISSING,
  RENEWAL_NOTICE_LINK_SECONDS,
  RENEWAL_PAYMENT_MISSING,
  toDayMonthYear,
  type NoticeEmailBody,
  type NoticeEmailResponse,
  type PolicyActionBody,
  type RenewalLinkResponse,
  type RenewalNoticeResponse,
} from '@dossier/shared';
import { requireAccess } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { forbidden, notFound } from '../../platform/http-errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { hitRateLimit } from '../../platform/rate-limit';
import type { UrlSigner } from '../../platform/signed-urls';
import type { Viewer } from '../../platform/viewer';
import { renderRenewalNotice, rupeesText, type RenewalNotice } from './notice-pdf';
import { findPendingRenewal, findPolicy, type PolicyFacts } from './queries';

export interface NoticeDocument {
  fileName: string;
  content: Buffer;
}

const noticeSubject = (policyId: string) => `renewal_notice:${policyId}`;
const PDF_TYPE = 'application/pdf';

export class NotifyService {
  constructor(
    private readonly db: Db,
    private readonly signer: UrlSigner,
    private readonly mailPerMinute: number,
    private readonly today: () => string = () => kolkataToday(),
  ) {}

  /** A short-lived address of the renewal notice PDF (opened in a new tab, which sends no token). */
  async noticeLink(viewer: Viewer, body: PolicyActionBody, ip: string): Promise<RenewalNoticeResponse> {
    const policy = await this.policyByNumber(viewer, body);
    const { expires, signature } = await this.signer.sign(noticeSubject(policy.id), RENEWAL_NOTICE_LINK_SECONDS);
    await audit(this.db, { actorUserId: viewer.userId, action: 'renewal_notice_issued', entity: 'policy', entityId: policy.policy_no, ip });
    return {
      link: `${NOTIFY_PATHS.renewalNotice}${policy.id}/document/?expires=${expires}&signature=${signature}`,
      expires_in_seconds: RENEWAL_NOTICE_LINK_SECONDS,
    };
  }

  /** The PDF behind a signed address; expired or altered addresses are 403. */
  async noticeDocument(policyId: string, expires: number, signature: string): Promise<NoticeDocument> {
    if (!/^\d{1,18}$/.test(policyId) || !(await this.signer.verify(noticeSubject(policyId), expires, signature))) {
      throw forbidden('This renewal notice link is invalid or has expired; open the notice again from the report');
    }
    const policy = await findPolicy(this.db, { column: 'p.id', value: policyId });
    if (!policy) throw notFound('No such policy');
    const notice = await this.noticeOf(policy);
    return {
      fileName: `renewal-notice-${notice.policyNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
      content: await renderRenewalNotice(notice),
    };
  }

  /** The renewal link and a ready message for a messaging app; 404 'renewal link not exists in system !!' when there is none. */
  async renewalLink(viewer: Viewer, body: PolicyActionBody, ip: string): Promise<RenewalLinkResponse> {
    const policy = await this.policyByNumber(viewer, body);
    const renewal = policy.policy_no ? await findPendingRenewal(this.db, policy.policy_no) : undefined;
    const url = renewal?.renewal_link ?? policy.renewal_link;
    if (!url) throw notFound(RENEWAL_LINK_MISSING);
    await audit(this.db, { actorUserId: viewer.userId, action: 'renewal_link_shared', entity: 'policy', entityId: policy.policy_no, ip });
    const due = policy.expiry_date ? ` expires on ${toDayMonthYear(policy.expiry_date)}` : ' is due for renewal';
    const msg = `Dear ${policy.customer_name}, your ${policy.product_name} policy ${policy.policy_no ?? policy.proposal_no}${due}. Renew it here: ${url}`;
    return { url, msg };
  }

  /**
   * Mails the renewal notice PDF to partner and customer through the outbox, with its audit row, in one
   * transaction. The renewal is found by payment id or as the expiring policy's pending renewal.
   */
  async noticeEmail(viewer: Viewer, body: NoticeEmailBody, ip: string): Promise<NoticeEmailResponse> {
    await hitRateLimit(
      this.db,
      [`notice:user:${viewer.userId}`],
      this.mailPerMinute,
      60,
      (s) => `Too many notice emails. Try again in ${s} seconds.`,
    );
    let payment: PolicyFacts | undefined;
    if (body.policy_number !== undefined) {
      const expiring = await this.policyByNumber(viewer, { policy_number: body.policy_number, product_type: body.product_type });
      payment = expiring.policy_no ? await findPendingRenewal(this.db, expiring.policy_no) : undefined;
    } else if (body.payment_id !== undefined) {
      payment = await findPolicy(this.db, { column: 'p.payment_id', value: body.payment_id });
      payment = await this.checkAccess(viewer, payment, body.product_type);
    }
    if (!payment || payment.status !== 'pending' || !(payment.one_click_url ?? payment.renewal_link))
      throw notFound(RENEWAL_PAYMENT_MISSING);

    const notice = await this.noticeOf(payment);
    const pdf = await renderRenewalNotice(notice);
    const to = [payment.partner_email, payment.customer_email].filter((a): a is string => Boolean(a));
    const due = notice.dueDate ? toDayMonthYear(notice.dueDate) : 'soon';
    await this.db.transaction().execute(async (trx) => {
      const mailId = await enqueueMail(trx, {
        kind: 'renewal_notice',
        to,
        subject: `Renewal notice: ${notice.product} policy ${notice.policyNo}`,
        text: [
          `Dear ${notice.customer},`,
          '',
          `Your ${notice.product} policy ${notice.policyNo} with ${notice.insurer} is due for renewal on ${due}.`,
          `Premium: ${rupeesText(notice.premium)}`,
          `Pay here: ${notice.paymentLink ?? '-'}`,
          '',
          'The renewal notice is attached.',
          notice.partner ? `Your advisor: ${notice.partner}` : '',
          '',
          'Dossier',
        ].join('\n'),
        attachments: [{ filename: `renewal-notice-${payment.payment_id}.pdf`, contentType: PDF_TYPE, content: pdf }],
        createdBy: viewer.userId,
      });
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'renewal_notice_emailed',
        entity: 'email_outbox',
        entityId: mailId,
        after: { payment_id: payment.payment_id, policy_no: notice.policyNo, recipients: to.length },
        ip,
      });
    });
    return { response: 'success' };
  }

  private async policyByNumber(viewer: Viewer, body: PolicyActionBody): Promise<PolicyFacts> {
    const policy = await findPolicy(this.db, { column: 'p.policy_no', value: body.policy_number });
    return this.checkAccess(viewer, policy, body.product_type);
  }

  /**
   * Renewal row actions (docs/product/renewals.md): 403 unless the viewer's subtree holds the policy (unknown
   * answers the same, so numbers cannot be probed); then 404 for another product type.
   */
  private async checkAccess(viewer: Viewer, found: PolicyFacts | undefined, productType: string): Promise<PolicyFacts> {
    await requireAccess(this.db, viewer, { kind: 'policy', policy: found });
    // Past requireAccess the policy exists; the optional chain only lets the compiler see it.
    if (found?.product_type !== productType) throw notFound(`No ${productType} policy ${found?.policy_no ?? found?.payment_id}`);
    return found;
  }

  /** The notice of an expiring policy, or of a renewal awaiting payment (then the due date is the old policy's expiry). */
  private async noticeOf(policy: PolicyFacts): Promise<RenewalNotice> {
    let expiring = policy;
    let payment: PolicyFacts | undefined = policy;
    if (policy.status === 'pending') {
      const previous = policy.previous_policy_no
        ? await findPolicy(this.db, { column: 'p.policy_no', value: policy.previous_policy_no })
        : undefined;
      expiring = previous ?? policy;
    } else if (policy.policy_no) {
      payment = await findPendingRenewal(this.db, policy.policy_no);
    }
    return {
      policyNo: expiring.policy_no ?? policy.previous_policy_no ?? policy.proposal_no,
      product: policy.product_name,
      insurer: policy.insurer_name,
      customer: policy.customer_name,
      partner: policy.partner_code ? `${policy.partner_name ?? ''} (${policy.partner_code})` : null,
      premium: Number((payment ?? policy).premium),
      dueDate: expiring.expiry_date,
      paymentLink: payment?.one_click_url ?? payment?.renewal_link ?? policy.renewal_link,
      issuedOn: this.today(),
    };
  }
}

import { Group } from '@mantine/core';
import type { ReportRecord, RowAction } from '@dossier/shared';
import { IconAction } from '../../../components/icon-action/IconAction';
import { MobileLookupButton } from '../../../components/mobile-lookup/MobileLookupButton';
import { useNoticeEmail } from '../api/notice-email';
import { useRenewalLink } from '../api/renewal-link';
import { useRenewalNotice } from '../api/renewal-notice';
import { openPendingTab } from '../lib/new-tab';
import { isPartnerCode } from '../lib/query-params';
import { IconBrandWhatsapp, IconFileText, IconMail } from '@tabler/icons-react';

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * The per-row actions (docs/product/renewals.md, 'Renewal row actions'): renewal notice document (PDF in a new tab), renewal link over a
 * messaging app, notice email, mobile number lookup. Which ones a report offers is its catalogue entry's (`presentation.row_actions`).
 */
export function RowActions({
  actions,
  record,
  payKey,
}: {
  actions: readonly RowAction[];
  record: ReportRecord;
  payKey: string | undefined;
}) {
  const notice = useRenewalNotice();
  const link = useRenewalLink();
  const email = useNoticeEmail();
  const policy = text(record['Policy No']);
  const payment = text(record['Payment Id']);
  const productType = text(record.product_type);
  const partner = [record['Partner Code'], record.account_id].map(text).find(isPartnerCode) ?? null;
  // A row with a payment address (the report's 'pay' column) is a renewal awaiting payment.
  const awaitingPayment = payKey !== undefined && text(record[payKey]) !== null;
  const subject = policy ?? payment ?? '';

  return (
    <Group gap={2} wrap="nowrap">
      {actions.includes('renewal-notice') && policy && productType ? (
        <IconAction
          label={`Renewal notice for ${policy}`}
          loading={notice.isPending && notice.variables.body.policy_number === policy}
          onClick={() => notice.mutate({ body: { policy_number: policy, product_type: productType }, tab: openPendingTab() })}
        >
          <IconFileText size={16} aria-hidden />
        </IconAction>
      ) : null}
      {actions.includes('renewal-link') && policy && productType ? (
        <IconAction
          label={`Share renewal link for ${policy}`}
          loading={link.isPending && link.variables.body.policy_number === policy}
          onClick={() => link.mutate({ body: { policy_number: policy, product_type: productType }, tab: openPendingTab() })}
        >
          <IconBrandWhatsapp size={16} aria-hidden />
        </IconAction>
      ) : null}
      {actions.includes('notice-email') && productType && (policy || (payment && awaitingPayment)) ? (
        <IconAction
          label={`Email renewal notice for ${subject}`}
          loading={email.isPending}
          onClick={() =>
            email.mutate(
              policy ? { policy_number: policy, product_type: productType } : { payment_id: payment ?? '', product_type: productType },
            )
          }
        >
          <IconMail size={16} aria-hidden />
        </IconAction>
      ) : null}
      {actions.includes('mobile') && partner ? <MobileLookupButton partnerCode={partner} /> : null}
    </Group>
  );
}

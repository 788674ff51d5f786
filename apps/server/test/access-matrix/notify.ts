import { NOTIFY_PATHS } from '@dossier/shared';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { policyFor, type PolicyRef } from './targets';
import { bearer, variant, type MatrixContext, type MatrixEntry, type Response } from './types';

const byNumber = (p: PolicyRef) => ({ policy_number: p.policy_number, product_type: p.product_type });

/** The notice mail just queued: to the payment's partner and customer only. */
async function checkNoticeMail(ctx: MatrixContext, paymentId: string): Promise<void> {
  const mail = await ctx.db
    .selectFrom('email_outbox')
    .select(['to_addresses', 'subject', 'text_body'])
    .where('created_by', '=', ctx.viewer.userId)
    .where('kind', '=', 'renewal_notice')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const expected = await sql<{ email: string }>`
    select pa.email from policies p join partners pa on pa.id = p.partner_id where p.payment_id = ${paymentId}
    union all select cu.email from policies p join customers cu on cu.id = p.customer_id where p.payment_id = ${paymentId}`.execute(ctx.db);
  expect([...mail.to_addresses].sort()).toEqual(expected.rows.map((r) => r.email).sort());
  ctx.scan(`${mail.subject}\n${mail.text_body}`, 'notice mail');
}

/** The link opens the PDF without a session (a new tab sends none). */
async function openNotice(ctx: MatrixContext, res: Response): Promise<void> {
  const pdf = await ctx.app.inject({ method: 'GET', url: res.json<{ link: string }>().link });
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
}

export const NOTIFY_MATRIX: readonly MatrixEntry[] = [
  {
    route: `POST ${NOTIFY_PATHS.renewalNotice}`,
    access: 'token',
    variants: [
      variant<PolicyRef>({
        name: 'notice document link of a policy',
        target: (ctx, relation) => policyFor(ctx, relation, 'notice'),
        request: (_ctx, p) => ({ method: 'POST', url: NOTIFY_PATHS.renewalNotice, payload: byNumber(p) }),
        check: (ctx, res) => openNotice(ctx, res),
      }),
    ],
  },
  {
    route: `POST ${NOTIFY_PATHS.renewalLink}`,
    access: 'token',
    variants: [
      variant<PolicyRef>({
        name: 'renewal link of a policy',
        target: (ctx, relation) => policyFor(ctx, relation, 'link'),
        request: (_ctx, p) => ({ method: 'POST', url: NOTIFY_PATHS.renewalLink, payload: byNumber(p) }),
      }),
    ],
  },
  {
    route: `POST ${NOTIFY_PATHS.noticeEmail}`,
    access: 'token',
    variants: [
      variant<PolicyRef>({
        name: 'notice email by the expiring policy number',
        target: (ctx, relation) => policyFor(ctx, relation, 'payment'),
        request: (_ctx, p) => ({ method: 'POST', url: NOTIFY_PATHS.noticeEmail, payload: byNumber(p) }),
        check: (ctx, _res, p) => checkNoticeMail(ctx, p.payment_id),
      }),
      variant<PolicyRef>({
        name: 'notice email by the payment id',
        // Kept to three calls a role: with the other variant that stays under the per-minute mail limit.
        relations: ['own', 'sibling', 'missing'],
        target: (ctx, relation) => policyFor(ctx, relation, 'payment'),
        request: (_ctx, p) => ({
          method: 'POST',
          url: NOTIFY_PATHS.noticeEmail,
          payload: { payment_id: p.payment_id, product_type: p.product_type },
        }),
        check: (ctx, _res, p) => checkNoticeMail(ctx, p.payment_id),
      }),
    ],
  },
  {
    route: `GET ${NOTIFY_PATHS.renewalNotice}:policyId/document/`,
    access: 'public',
    why: 'opened in a new tab: authenticated by its signed, short-lived address',
    check: async ({ app, token, db }) => {
      const own = await sql<{ policy_no: string; product_type: string; id: string }>`
        select o.policy_no, pr.product_type, o.id::text as id from policies o join products pr on pr.product_type_id = o.product_type_id
        where o.status = 'success' and o.policy_no is not null order by o.id limit 1`.execute(db);
      const policy = own.rows[0];
      if (!policy) throw new Error('no policy');
      const issued = await app.inject({
        method: 'POST',
        url: NOTIFY_PATHS.renewalNotice,
        headers: bearer(token('demo.head')),
        payload: { policy_number: policy.policy_no, product_type: policy.product_type },
      });
      const link = issued.json<{ link: string }>().link;
      expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
      const signature = new URL(link, 'http://x').searchParams.get('signature') ?? '';
      const tampered = link.replace(signature, `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`);
      expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
      // The signature is bound to the policy: it does not open another one.
      const other = link.replace(`/${policy.id}/document/`, `/${Number(policy.id) + 1}/document/`);
      expect((await app.inject({ method: 'GET', url: other })).statusCode).toBe(403);
      const expired = link.replace(/expires=\d+/, 'expires=1000000000');
      expect((await app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
      return 5;
    },
  },
];

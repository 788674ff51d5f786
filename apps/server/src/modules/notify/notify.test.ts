import { NOTICE_EMAIL_SENT, RENEWAL_LINK_MISSING, RENEWAL_PAYMENT_MISSING } from '@dossier/shared';
import { sql } from 'kysely';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';
import { UrlSigner } from '../../platform/signed-urls';

/** The text a pdfkit page shows: inflate each content stream, decode the hex strings of its TJ arrays. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of body.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      out.push([...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1')).join(''));
    }
  }
  return out.join('\n');
}

interface PolicyRow {
  policy_no: string;
  product_type: string;
  payment_id: string;
  renewal_link: string;
  customer: string;
  customer_email: string;
  partner_email: string | null;
}

describe('renewal row actions (notify)', () => {
  let ctx: ReportsTestContext;
  let asm: string;
  let own: PolicyRow;
  let foreign: PolicyRow;
  let noRenewal: { policy_number: string; product_type: string };
  const auth = () => ({ authorization: `Token ${asm}` });
  const post = (url: string, payload: object, headers: Record<string, string> = auth()) =>
    ctx.app.inject({ method: 'POST', url, headers, payload });

  /** Expiring policies with a renewal awaiting payment, inside or outside the subtree of demo.asm. */
  async function renewable(inside: boolean, employeeId: number): Promise<PolicyRow> {
    const res = await sql<PolicyRow>`
      select o.policy_no, pr.product_type, r.payment_id, r.renewal_link, cu.name as customer, cu.email as customer_email, pa.email as partner_email
      from policies o
      join policies r on r.previous_policy_no = o.policy_no and r.status = 'pending' and r.renewal_link is not null
      join products pr on pr.product_type_id = o.product_type_id
      join customers cu on cu.id = o.customer_id
      join partners pa on pa.id = r.partner_id
      where o.status = 'success'
        and ${inside ? sql`` : sql`not`} exists (select 1 from employee_closure c where c.ancestor_id = ${employeeId} and c.descendant_id in (o.employee_id, r.employee_id))
        and ${
          inside
            ? sql`true`
            : sql`not exists (select 1 from partner_mappings m join employee_closure c on c.descendant_id = m.manager_id
              where m.partner_id = r.partner_id and m.valid_to is null and c.ancestor_id = ${employeeId})`
        }
      order by o.id limit 1`.execute(ctx.db.db);
    const row = res.rows[0];
    if (!row) throw new Error(`no ${inside ? 'own' : 'foreign'} renewable policy in the demo data`);
    return row;
  }

  beforeAll(async () => {
    ctx = await createReportsTestApp(0.01);
    asm = await demoToken(ctx.app, 'demo.asm');
    const me = await ctx.db.db.selectFrom('users').select('employee_id').where('login', '=', 'demo.asm').executeTakeFirstOrThrow();
    own = await renewable(true, me.employee_id);
    foreign = await renewable(false, me.employee_id);
    const plain = await sql<{ policy_number: string; product_type: string }>`
      select o.policy_no as policy_number, pr.product_type from policies o join products pr using (product_type_id)
      where o.status = 'success' and o.policy_no is not null and o.renewal_link is null
        and o.employee_id in (select descendant_id from employee_closure where ancestor_id = ${me.employee_id})
        and not exists (select 1 from policies r where r.previous_policy_no = o.policy_no and r.status = 'pending')
      order by o.id limit 1`.execute(ctx.db.db);
    noRenewal = plain.rows[0] ?? { policy_number: '', product_type: '' };
  });
  afterAll(() => ctx.close());

  it('hands out a short-lived link to a renewal notice PDF with policy, customer, premium, due date and payment link', async () => {
    const res = await post('/api/v2/renewal_notice/', { policy_number: own.policy_no, product_type: own.product_type });
    expect(res.statusCode).toBe(200);
    const { link, expires_in_seconds } = res.json<{ link: string; expires_in_seconds: number }>();
    expect(expires_in_seconds).toBe(600);
    expect(link).toMatch(/^\/api\/v2\/renewal_notice\/\d+\/document\/\?expires=\d+&signature=[\w-]+$/);

    // A new tab carries no token: the signature is the authorisation.
    const pdf = await ctx.app.inject({ method: 'GET', url: link });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="renewal-notice-.+\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const expected of ['Renewal Notice', own.policy_no, own.customer, 'Rs. ', 'Due date (expiry)', 'Payment link'])
      expect(text).toContain(expected);
    expect(text).toMatch(/https:\/\/pay\.dossier\.example\/one-click\//);

    // One character of the signature changed (to another character: an 'x' replaced by 'x' is no tampering).
    const tamperedLink = link.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'x' ? 'y' : 'x'}`);
    expect(tamperedLink).not.toBe(link);
    const tampered = await ctx.app.inject({ method: 'GET', url: tamperedLink });
    expect(tampered.statusCode).toBe(403);
    const otherPolicy = await ctx.app.inject({ method: 'GET', url: link.replace(/renewal_notice\/\d+/, 'renewal_notice/1') });
    expect(otherPolicy.statusCode).toBe(403);
    const audits = await ctx.db.db.selectFrom('audit_events').select('entity_id').where('action', '=', 'renewal_notice_issued').execute();
    expect(audits.map((a) => a.entity_id)).toContain(own.policy_no);
  });

  it('signed addresses expire', async () => {
    let now = Date.parse('2026-06-15T10:00:00Z');
    const signer = new UrlSigner(ctx.db.db, 'test_key', () => now);
    const { expires, signature } = await signer.sign('x:1', 600);
    expect(await signer.verify('x:1', expires, signature)).toBe(true);
    expect(await signer.verify('x:2', expires, signature)).toBe(false);
    now += 601_000;
    expect(await signer.verify('x:1', expires, signature)).toBe(false);
  });

  it('answers the renewal link with a ready message, or the missing-link text when the policy has none', async () => {
    const res = await post('/api/v2/renewal_link/', { policy_number: own.policy_no, product_type: own.product_type });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ url: string; msg: string }>();
    expect(body.url).toBe(own.renewal_link);
    expect(body.msg).toContain(own.customer);
    expect(body.msg).toContain(own.policy_no);
    expect(body.msg.endsWith(own.renewal_link)).toBe(true);

    expect(noRenewal.policy_number).not.toBe('');
    const none = await post('/api/v2/renewal_link/', noRenewal);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: RENEWAL_LINK_MISSING });
  });

  it('mails the notice to partner and customer through the outbox, with its audit row, by policy number or payment id', async () => {
    const before = await ctx.db.db.selectFrom('email_outbox').select('id').where('kind', '=', 'renewal_notice').execute();
    const byPolicy = await post('/api/noticeEmailApi/', { policy_number: own.policy_no, product_type: own.product_type });
    expect(byPolicy.statusCode).toBe(200);
    expect(byPolicy.json()).toEqual({ response: 'success' });
    const byPayment = await post('/api/noticeEmailApi/', { payment_id: own.payment_id, product_type: own.product_type });
    expect(byPayment.json()).toEqual({ response: 'success' });

    const mails = await ctx.db.db.selectFrom('email_outbox').selectAll().where('kind', '=', 'renewal_notice').orderBy('id').execute();
    expect(mails.length).toBe(before.length + 2);
    const mail = mails.at(-1);
    if (!mail) throw new Error('no mail');
    expect(mail.to_addresses).toEqual([own.partner_email, own.customer_email]);
    expect(mail.subject).toContain(own.policy_no);
    expect(mail.text_body).toContain(own.customer);
    expect(mail.attachments[0]?.content_type).toBe('application/pdf');
    expect(
      Buffer.from(mail.attachments[0]?.content_base64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const audit = await ctx.db.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'renewal_notice_emailed')
      .where('entity_id', '=', String(mail.id))
      .executeTakeFirst();
    expect(audit?.entity).toBe('email_outbox');
    // The web's success text (docs/product/renewals.md, 'Renewal row actions') is a constant of the contract.
    expect(NOTICE_EMAIL_SENT).toBe('Email is sent to resepective partner and customer Successfully');

    const missing = await post('/api/noticeEmailApi/', noRenewal);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: RENEWAL_PAYMENT_MISSING });
    // An unknown payment id answers like another team's policy.
    const unknownPayment = await post('/api/noticeEmailApi/', { payment_id: 'pay_doesnotexist', product_type: 'motor' });
    expect(unknownPayment.statusCode).toBe(403);
    expect(unknownPayment.json()).toEqual({ error: 'This policy is outside your team' });
  });

  it('refuses policies outside the viewer’s subtree with 403 and mails nothing', async () => {
    const before = await ctx.db.db.selectFrom('email_outbox').select('id').execute();
    const body = { policy_number: foreign.policy_no, product_type: foreign.product_type };
    for (const url of ['/api/v2/renewal_notice/', '/api/v2/renewal_link/', '/api/noticeEmailApi/']) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ error: string }>().error).toBe('This policy is outside your team');
    }
    const byPayment = await post('/api/noticeEmailApi/', { payment_id: foreign.payment_id, product_type: foreign.product_type });
    expect(byPayment.statusCode).toBe(403);
    expect((await ctx.db.db.selectFrom('email_outbox').select('id').execute()).length).toBe(before.length);
  });

  it('answers unknown policies like other teams’ (403), bad input with 400 and a missing token with 401', async () => {
    const unknown = await post('/api/v2/renewal_notice/', { policy_number: 'NOPE/2026/000000000', product_type: 'motor' });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual({ error: 'This policy is outside your team' });
    const otherType = await post('/api/v2/renewal_link/', {
      policy_number: own.policy_no,
      product_type: own.product_type === 'life' ? 'motor' : 'life',
    });
    expect(otherType.statusCode).toBe(404);
    for (const payload of [
      { policy_number: 'x; drop table policies', product_type: 'motor' },
      { policy_number: own.policy_no, product_type: 'spaceship' },
      { policy_number: own.policy_no },
      { product_type: 'motor' },
      { policy_number: own.policy_no, payment_id: own.payment_id, product_type: own.product_type },
    ]) {
      const res = await post('/api/noticeEmailApi/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: string }>().error).toBeTruthy();
    }
    const bad = await post('/api/v2/renewal_notice/', { policy_number: '', product_type: 'motor' });
    expect(bad.statusCode).toBe(400);
    const anonymous = await post('/api/v2/renewal_link/', { policy_number: own.policy_no, product_type: own.product_type }, {});
    expect(anonymous.statusCode).toBe(401);
    const badQuery = await ctx.app.inject({ method: 'GET', url: '/api/v2/renewal_notice/1/document/?expires=abc&signature=x' });
    expect(badQuery.statusCode).toBe(400);
  });
});

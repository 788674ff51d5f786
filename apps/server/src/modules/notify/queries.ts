import type { Db } from '../../platform/db';

/** A policy with what the renewal actions show and whom they reach. */
export interface PolicyFacts {
  id: string;
  policy_no: string | null;
  proposal_no: string;
  payment_id: string;
  status: 'success' | 'pending' | 'cancelled';
  employee_id: number;
  partner_id: number | null;
  product_name: string;
  product_type: string;
  insurer_name: string;
  premium: string;
  expiry_date: string | null;
  previous_policy_no: string | null;
  renewal_link: string | null;
  one_click_url: string | null;
  customer_name: string;
  customer_email: string;
  partner_code: string | null;
  partner_name: string | null;
  partner_email: string | null;
}

type PolicyKey = { column: 'p.policy_no' | 'p.payment_id' | 'p.id'; value: string };

function selectPolicy(db: Db) {
  return db
    .selectFrom('policies as p')
    .innerJoin('products as pr', 'pr.product_type_id', 'p.product_type_id')
    .innerJoin('insurers as i', 'i.id', 'p.insurer_id')
    .innerJoin('customers as cu', 'cu.id', 'p.customer_id')
    .leftJoin('partners as pa', 'pa.id', 'p.partner_id')
    .select([
      'p.id',
      'p.policy_no',
      'p.proposal_no',
      'p.payment_id',
      'p.status',
      'p.employee_id',
      'p.partner_id',
      'pr.name as product_name',
      'pr.product_type',
      'i.name as insurer_name',
      'p.paid_amount as premium',
      'p.expiry_date',
      'p.previous_policy_no',
      'p.renewal_link',
      'p.one_click_url',
      'cu.name as customer_name',
      'cu.email as customer_email',
      'pa.unique_code as partner_code',
      'pa.name as partner_name',
      'pa.email as partner_email',
    ]);
}

function toFacts(row: Awaited<ReturnType<ReturnType<typeof selectPolicy>['executeTakeFirst']>>): PolicyFacts | undefined {
  if (!row) return undefined;
  return {
    ...row,
    id: String(row.id),
    premium: String(row.premium),
    expiry_date: row.expiry_date === null ? null : String(row.expiry_date).slice(0, 10),
  };
}

/** One policy by its number, payment id or id (the first by id when a number repeats). */
export async function findPolicy(db: Db, key: PolicyKey): Promise<PolicyFacts | undefined> {
  const row = await selectPolicy(db).where(key.column, '=', key.value).orderBy('p.id').executeTakeFirst();
  return toFacts(row);
}

/** The renewal of an expiring policy that is still awaiting payment (the latest, if several were raised). */
export async function findPendingRenewal(db: Db, policyNo: string): Promise<PolicyFacts | undefined> {
  const row = await selectPolicy(db)
    .where('p.previous_policy_no', '=', policyNo)
    .where('p.status', '=', 'pending')
    .orderBy('p.created_at', 'desc')
    .executeTakeFirst();
  return toFacts(row);
}

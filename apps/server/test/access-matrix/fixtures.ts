import { kolkataToday } from '@dossier/shared';
import { sql } from 'kysely';
import type { Db } from '../../src/platform/db';

export interface FixturePartner {
  id: number;
  code: string;
  name: string;
}

/** A case as the call-centre requests need it. */
export interface FixtureCase {
  case_id: number;
  customer_id: number;
  partner_id: number;
  product_code: number;
}

const MOTOR_PRODUCT = 10;
/** Every fixture case's customer lives here (Delhi, where the demo has advisors). */
export const FIXTURE_PINCODE = '110001';

/**
 * Rows the matrix creates for its targets: each mutating call gets a fresh case, request or
 * appointment, so calls never depend on what an earlier call changed. Codes, names and phone
 * numbers are distinctive (EI9…, 'Fixture …', numbers starting with 5) and never clash with the demo's.
 */
export class Fixtures {
  private n = 0;

  constructor(private readonly db: Db) {}

  private next(): number {
    return ++this.n;
  }

  /** A partner, mapped to `managerId` from yesterday on, or unmapped (the requesters' pool). */
  async partner(managerId?: number): Promise<FixturePartner> {
    const n = this.next();
    const code = `EI9${String(n).padStart(5, '0')}`;
    const name = `Fixture Partner ${n}`;
    const row = await this.db
      .insertInto('partners')
      .values({
        unique_code: code,
        pos_code: `POS9${String(n).padStart(5, '0')}`,
        name,
        phone: `5${String(n).padStart(9, '0')}`,
        email: `fixture.partner${n}@example.org`,
        pincode: FIXTURE_PINCODE,
        state_id: (await this.db.selectFrom('states').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
        li_pos_status: true,
        registered_at: '2025-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (managerId !== undefined) {
      await this.db
        .insertInto('partner_mappings')
        .values({ partner_id: row.id, manager_id: managerId, reporting_type: 2, valid_from: new Date(Date.now() - 86_400_000) })
        .execute();
    }
    return { id: row.id, code, name };
  }

  async customer(): Promise<{ id: number; name: string }> {
    const n = this.next();
    const name = `Fixture Customer ${n}`;
    const row = await this.db
      .insertInto('customers')
      .values({ name, phone: `5${String(n).padStart(9, '0')}`, email: `fixture.customer${n}@example.org`, pincode: '110001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), name };
  }

  /**
   * An open case of `partnerId`: worked by TRM `trmId`, or (trmId null) reaching the partner's
   * current manager as a lead, the two ways a case becomes someone's.
   */
  async kase(partnerId: number, trmId: number | null): Promise<FixtureCase> {
    const customer = await this.customer();
    const row = await this.db
      .insertInto('cases')
      .values({
        customer_id: customer.id,
        partner_id: partnerId,
        trm_id: trmId,
        product_type_id: MOTOR_PRODUCT,
        case_date: kolkataToday(),
        pincode: '110001',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const caseId = Number(row.id);
    if (trmId === null) await this.db.insertInto('leads').values({ case_id: caseId, category_id: 1, lead_date: kolkataToday() }).execute();
    return { case_id: caseId, customer_id: customer.id, partner_id: partnerId, product_code: MOTOR_PRODUCT };
  }

  /** A pending mapping request item: a fresh unmapped partner requested to `managerId` by `requestedBy`. */
  async pendingItem(managerId: number, requestedBy: number): Promise<{ partner: FixturePartner; request: string }> {
    const partner = await this.partner();
    const request = await this.db
      .insertInto('mapping_requests')
      .values({
        code: sql<string>`'MR' || lpad(nextval('mapping_request_code_seq')::text, 6, '0')`,
        requested_by: requestedBy,
        manager_id: managerId,
        product_line: 'motor',
      })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow();
    await this.db.insertInto('mapping_request_items').values({ request_id: request.id, partner_id: partner.id }).execute();
    return { partner, request: request.code };
  }

  /**
   * A direct motor policy credited to `employeeId`, expiring next month, with its renewal awaiting
   * payment (links included): a target for the renewal row actions.
   */
  async expiringPolicy(employeeId: number): Promise<void> {
    const n = this.next();
    const customer = await this.customer();
    const refs = await sql<{
      insurer_id: number;
      state_id: number;
    }>`select (select min(id) from insurers) as insurer_id, (select min(id) from states) as state_id`.execute(this.db);
    const { insurer_id, state_id } = refs.rows[0] ?? { insurer_id: 1, state_id: 1 };
    const issued = new Date(Date.now() - 330 * 86_400_000);
    const policyNo = `FIX/${n}`;
    const common = {
      partner_id: null,
      employee_id: employeeId,
      customer_id: customer.id,
      product_type_id: MOTOR_PRODUCT,
      insurer_id,
      state_id,
      channel: 'direct' as const,
      paid_amount: 10_000,
      weightage_premium: 10_000,
      created_at: issued,
      updated_at: issued,
    };
    await this.db
      .insertInto('policies')
      .values([
        {
          ...common,
          proposal_no: `FIXPR${n}`,
          policy_no: policyNo,
          business_type: 1,
          status: 'success',
          payment_id: `fixpay${n}`,
          issued_at: issued,
          expiry_date: kolkataToday().slice(0, 8) + '28',
        },
        {
          ...common,
          proposal_no: `FIXPR${n}R`,
          policy_no: null,
          business_type: 3,
          status: 'pending',
          payment_id: `fixpay${n}r`,
          issued_at: new Date(),
          previous_policy_no: policyNo,
          renewal_link: `https://renew.example.org/fixture/${n}`,
          one_click_url: `https://pay.example.org/fixture/${n}`,
        },
      ])
      .execute();
  }

  /** A booked appointment made by `bookedBy`, on a day of its own so slots never clash. */
  async appointment(bookedBy: number): Promise<number> {
    const partner = await this.partner();
    const customer = await this.customer();
    const day = new Date(Date.UTC(2031, 0, 1) + this.next() * 86_400_000).toISOString().slice(0, 10);
    const row = await this.db
      .insertInto('appointments')
      .values({
        customer_id: customer.id,
        partner_id: partner.id,
        product_type_id: MOTOR_PRODUCT,
        slot_id: 1,
        appointment_date: day,
        start_end_time: '10:00 AM - 11:00 AM',
        booked_by: bookedBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }
}

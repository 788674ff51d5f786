import { istInstant, iso } from '@dossier/shared';
import { sql, type Kysely } from 'kysely';
import type { DB as Database } from '../platform/db-types';
import type { PartnerBook } from './partners';
import type { Org } from './people';
import type { DemoPlan } from './plan';

/**
 * Mapping requests of the demo branch, so the team and mapping screens have something to show: pending requests
 * by demo.rm, demo.tl and demo.asm plus a little decided history within the last 30 days. Deterministic.
 */

type ItemStatus = 'pending' | 'accepted' | 'rejected' | 'cancelled';

interface PlannedRequest {
  requestedBy: number;
  managerId: number;
  /** Days before the plan's today. */
  daysAgo: number;
  items: { status: ItemStatus; decidedBy?: number; decidedDaysAgo?: number }[];
}

export async function insertDemoMappingRequests(db: Kysely<Database>, plan: DemoPlan, org: Org, book: PartnerBook): Promise<number> {
  const { rm, tl, asm, r201 } = org.demo;
  const zoneOf = new Map(org.employees.map((e) => [e.id, e.zone_id] as const));
  const otherTeamLead = org.employees.find((e) => e.manager_id === asm && e.designation === 'team_lead' && e.id !== tl)?.id ?? tl;
  const reportingTypeOf = new Map(org.rms.map((s) => [s.id, s.reportingType] as const));

  const demoZone = zoneOf.get(asm) ?? null;
  const unmapped = book.profiles
    .filter((p) => p.spans.every((s) => s.to !== null))
    .sort((a, b) => Number(b.zoneId === demoZone) - Number(a.zoneId === demoZone) || a.id - b.id)
    .map((p) => p.id);

  // Pending requests first: they matter most when partners are scarce.
  const planned: PlannedRequest[] = [
    { requestedBy: rm, managerId: rm, daysAgo: 2, items: [{ status: 'pending' }, { status: 'pending' }] },
    { requestedBy: tl, managerId: r201, daysAgo: 1, items: [{ status: 'pending' }, { status: 'pending' }] },
    { requestedBy: asm, managerId: otherTeamLead, daysAgo: 3, items: [{ status: 'pending' }] },
    { requestedBy: rm, managerId: rm, daysAgo: 12, items: [{ status: 'accepted', decidedBy: tl, decidedDaysAgo: 11 }] },
    {
      requestedBy: tl,
      managerId: r201,
      daysAgo: 9,
      items: [
        { status: 'rejected', decidedBy: asm, decidedDaysAgo: 8 },
        { status: 'cancelled', decidedBy: tl, decidedDaysAgo: 7 },
      ],
    },
  ];

  let next = 0;
  let raised = 0;
  for (const request of planned) {
    const partnerIds = unmapped.slice(next, next + request.items.length);
    if (partnerIds.length === 0) break;
    next += partnerIds.length;
    const row = await db
      .insertInto('mapping_requests')
      .values({
        code: sql<string>`'MR' || lpad(nextval('mapping_request_code_seq')::text, 6, '0')`,
        requested_by: request.requestedBy,
        manager_id: request.managerId,
        product_line: 'motor',
        created_at: iso(istInstant(plan.today - request.daysAgo, 11 * 3600)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    raised++;
    for (const [index, partnerId] of partnerIds.entries()) {
      const planItem = request.items[index] ?? { status: 'pending' as const };
      const decidedAt = planItem.decidedDaysAgo === undefined ? null : iso(istInstant(plan.today - planItem.decidedDaysAgo, 15 * 3600));
      const item = await db
        .insertInto('mapping_request_items')
        .values({
          request_id: row.id,
          partner_id: partnerId,
          status: planItem.status,
          decided_by: planItem.decidedBy ?? null,
          decided_at: decidedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (planItem.status === 'accepted' && decidedAt) {
        // Unmapped partners sell nothing after their last mapping closed: a new mapping changes no crediting.
        await db
          .insertInto('partner_mappings')
          .values({
            partner_id: partnerId,
            manager_id: request.managerId,
            reporting_type: reportingTypeOf.get(request.managerId) ?? 2,
            valid_from: decidedAt,
            request_item_id: item.id,
          })
          .execute();
      }
    }
  }
  return raised;
}

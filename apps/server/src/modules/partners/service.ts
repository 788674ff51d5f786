import {
  DIALER_LOOKUPS_PER_MINUTE,
  fromDayMonthYear,
  type DialerInfoResponse,
  type MappedPartner,
  type MappedPartnersQuery,
  type ReportingManager,
} from '@dossier/shared';
import { requireAccess } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { forbidden, HttpError } from '../../platform/http-errors';
import { hitRateLimit } from '../../platform/rate-limit';
import type { Viewer } from '../../platform/viewer';
import { asOnInstant, kolkataDate } from '../../platform/date-ranges';
import { countMappedPartnersAsOn, currentReporting, mappedPartnersAsOn, partnerPhone } from './queries';

export const NOT_AUTHORIZED_MOBILE = 'You are not authorized to access this mobile number';

export async function mappedPartners(
  db: Db,
  viewer: Viewer,
  query: MappedPartnersQuery,
): Promise<(MappedPartner & { total_count: string })[]> {
  const day = query.as_on === undefined ? undefined : (fromDayMonthYear(query.as_on) ?? undefined);
  const at = asOnInstant(day);
  const [rows, total] = await Promise.all([
    mappedPartnersAsOn(db, viewer.employeeId, at, query),
    countMappedPartnersAsOn(db, viewer.employeeId, at, query.search),
  ]);
  return rows.map((r) => ({
    name: r.name,
    pos_code: r.pos_code,
    unique_code: r.unique_code,
    code: query.return_type === 'pos_code' ? r.pos_code : r.unique_code,
    li_pos_status: r.li_pos_status,
    gi_pos_status: r.gi_pos_status,
    manager_name: r.manager_name,
    manager_code: r.manager_code,
    reporting_type: r.reporting_type,
    mapped_since: kolkataDate(r.valid_from),
    total_count: String(total),
  }));
}

export async function reportingManagers(db: Db, viewer: Viewer, partnerCode: string): Promise<ReportingManager[]> {
  const partner = await requireAccess(db, viewer, { kind: 'partner', code: partnerCode });
  const rows = await currentReporting(db, partner.id);
  return rows.map((r) => ({
    name: r.name,
    unique_code: r.unique_code,
    reporting_type: r.reporting_type,
    reporting_name: r.reporting_name,
    mapped_since: kolkataDate(r.valid_from),
  }));
}

/**
 * The dialer lookup: a partner's mobile number, only for partners of the viewer's team. Every
 * reveal and every refusal is audited; lookups are rate limited per user across instances.
 */
export async function dialerInfo(db: Db, viewer: Viewer, partnerCode: string, ip: string): Promise<DialerInfoResponse> {
  await hitRateLimit(
    db,
    [`dialer:user:${viewer.userId}`],
    DIALER_LOOKUPS_PER_MINUTE,
    60,
    (s) => `Too many mobile number lookups. Try again in ${s} seconds.`,
  );
  let partner: { id: number; unique_code: string };
  try {
    partner = await requireAccess(db, viewer, { kind: 'partner', code: partnerCode });
  } catch (err) {
    if (err instanceof HttpError) {
      await audit(db, {
        actorUserId: viewer.userId,
        action: 'mobile_number_refused',
        entity: 'partner',
        entityId: partnerCode,
        after: { status: err.statusCode },
        ip,
      });
      if (err.statusCode === 403) throw forbidden(NOT_AUTHORIZED_MOBILE);
    }
    throw err;
  }
  const { phone } = await partnerPhone(db, partner.id);
  await audit(db, { actorUserId: viewer.userId, action: 'mobile_number_revealed', entity: 'partner', entityId: partner.unique_code, ip });
  return phone ? { mobile_number: phone } : {};
}

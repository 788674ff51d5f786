import type { SaveCaseOutcomeRequest, SaveCaseOutcomeResponse } from '@dossier/shared';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import * as cases from './case-service';
import * as scheduling from './scheduling-service';

/**
 * The connect-call dialog's Save as one transaction: remark, slot, advisor, ticket status, in the dialog's
 * order, each through its own endpoint's service code, so a refused part rolls back the ones before.
 */
export async function saveCaseOutcome(
  db: Db,
  viewer: Viewer,
  body: SaveCaseOutcomeRequest,
  ip: string,
  now?: () => Date,
): Promise<SaveCaseOutcomeResponse> {
  if (!body.remark && !body.slot && body.new_partner_username === undefined && !body.status) throw badRequest('Nothing to save');
  return db.transaction().execute(async (trx) => {
    const remark = body.remark ? await cases.updateRemarks(trx, viewer, { ...body.remark, case_id: body.case_id }, ip) : undefined;
    const appointment = body.slot ? await scheduling.book(trx, viewer, { ...body.slot, case_id: body.case_id }, ip, now) : undefined;
    const reassignment =
      body.new_partner_username === undefined
        ? undefined
        : await cases.assignNewPartner(trx, viewer, body.case_id, body.new_partner_username, ip);
    const status = body.status ? await cases.updateStatus(trx, viewer, body.case_id, body.status, ip) : undefined;
    const message = [remark, appointment, reassignment].flatMap((part) => (part ? [part.message] : [])).join('. ');
    return { message, remark, appointment, reassignment, status };
  });
}

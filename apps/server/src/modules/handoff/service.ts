import { can, type HandoffResponse, type HandoffVerifyResponse } from '@dossier/shared';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { forbidden, notFound, unauthorized } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import { hashToken, newToken } from '../../platform/tokens';
import { consumeHandoffToken, insertHandoffToken } from './queries';
import type { PortalTarget } from './targets';

export class HandoffService {
  constructor(
    private readonly db: Db,
    private readonly targets: readonly PortalTarget[],
    private readonly ttlSeconds: number,
    private readonly sessionIdleMinutes: number,
  ) {}

  /** Targets this viewer may use: paymaster targets are for role 201 only; partner search not for 204. */
  visibleTargets(viewer: Viewer): PortalTarget[] {
    return this.targets.filter((t) => {
      if (t.group === 'paymaster') return can(viewer, 'paymaster-links');
      if (t.group === 'partner_search') return can(viewer, 'partner-search');
      return true;
    });
  }

  /** Mints a short-lived single-use token for one configured target; never exposes the session token. */
  async start(viewer: Viewer, key: string, ip: string): Promise<HandoffResponse> {
    const target = this.targets.find((t) => t.key === key && t.handoff);
    if (!target) throw notFound(`Unknown hand-off target '${key}'`);
    if (!this.visibleTargets(viewer).includes(target)) throw forbidden(`You cannot open ${target.name}`);
    const token = newToken();
    await insertHandoffToken(
      this.db,
      hashToken(token),
      viewer.tokenHash,
      viewer.userId,
      target.key,
      new Date(Date.now() + this.ttlSeconds * 1000),
    );
    await audit(this.db, { actorUserId: viewer.userId, action: 'handoff_start', entity: 'handoff_target', entityId: target.key, ip });
    return { url: target.url, token, user_id: viewer.code, dossier_redirection: target.value, expires_in_seconds: this.ttlSeconds };
  }

  /**
   * Called by the target portal: valid once, before expiry, only for the target it was minted for, and
   * only while the session that minted it lasts and its user is active.
   */
  async verify(token: string, key: string, ip: string): Promise<HandoffVerifyResponse> {
    const row = await consumeHandoffToken(this.db, hashToken(token), key, this.sessionIdleMinutes);
    // A refusal names nobody: it is counted in metrics (anonymous refusals), not audited.
    if (!row) throw unauthorized('Invalid, expired or already used hand-off token');
    await audit(this.db, { actorUserId: row.user_id, action: 'handoff_verified', entity: 'handoff_target', entityId: key, ip });
    return { user_id: row.unique_code, name: row.name, emp_role: row.emp_role, designation: row.designation, target: key };
  }
}

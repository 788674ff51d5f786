import { OkResponse, PasswordResetBody, RevokedSessions, RevokeSessions, SESSION_PATHS, SessionsList } from '@dossier/shared';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/http-errors';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { completePasswordReset } from './password-reset';
import { liveSessions, revokeSessions } from './queries';

/** 'My sessions': the signed-in user's own live sessions, and signing them out (one, or everywhere). */
export function sessionRoutes(app: App, db: Db): void {
  app.get(
    SESSION_PATHS.mine,
    { schema: { tags: ['auth'], summary: 'My live sessions (device, address, last used)', response: { 200: SessionsList } } },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      return { rows: await liveSessions(db, viewer.userId, viewer.tokenHash) };
    },
  );
  app.post(
    SESSION_PATHS.revoke,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out one of my sessions, or everywhere (this one too) without session_id',
        body: RevokeSessions,
        response: { 200: RevokedSessions },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const sessionId = request.body.session_id;
      return db.transaction().execute(async (trx) => {
        const revoked = await revokeSessions(trx, viewer.userId, sessionId);
        if (sessionId !== undefined && revoked === 0) throw notFound(`No live session ${sessionId} of yours`);
        await audit(trx, {
          actorUserId: viewer.userId,
          action: sessionId === undefined ? 'sessions_revoke_all' : 'session_revoke',
          entity: 'user',
          entityId: viewer.userId,
          after: { session_id: sessionId ?? 'all', revoked },
          ip: request.ip,
        });
        return { ok: true as const, revoked };
      });
    },
  );
}

/** Setting a password from a one-time link (no session: the link is the proof). */
export function publicPasswordRoutes(app: App, db: Db): void {
  app.post(
    SESSION_PATHS.passwordReset,
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a password with a one-time link from the mail',
        body: PasswordResetBody,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await completePasswordReset(db, request.body.token, request.body.password, request.ip);
      return { ok: true as const };
    },
  );
}

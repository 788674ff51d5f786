import type { FastifyRequest } from 'fastify';
import { can } from '@dossier/shared';
import { forbidden } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';

export const ADMIN_ONLY = 'Administration is for administrators only';

/** An administrator acting through the /admin area, with the address audit entries record. */
export interface AdminActor {
  viewer: Viewer & { isAdmin: true };
  ip: string;
}

/** May this viewer use the administration area? The admin flag of their user, read on every request. */
export function mayAdminister(viewer: Viewer | null): viewer is Viewer & { isAdmin: true } {
  return viewer !== null && can(viewer, 'administration');
}

/** 403 for anyone without the admin flag. Services take an AdminActor, so no admin call runs without it. */
export function requireAdmin(request: FastifyRequest): AdminActor {
  const viewer = request.viewer;
  if (!mayAdminister(viewer)) throw forbidden(ADMIN_ONLY);
  return { viewer, ip: request.ip };
}

/** onRequest hook of the admin scope: refused before the input is even read, so a non-admin learns nothing from 400s. */
export async function adminOnlyHook(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
